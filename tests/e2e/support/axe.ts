import axe from 'axe-core';
import { expect, type Browser, type Frame, type Page } from '@playwright/test';
import { keepAcrossTests } from './test';

/** The WCAG 2.2 AA rule set issue 7 asks every hosted page to pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const options = { runOnly: { type: 'tag', values: wcagTags } };
const configure = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;

/*
 * axe-core (a pinned devDependency) run the way its Playwright runner (@axe-core/playwright 4.14) runs it,
 * but for one step: it runs axe.runPartial in the page and in every frame (cross-origin ones too: Playwright reaches them, axe's
 * postMessage would not), then merges the frames' results with axe.finishRun in a clean page, never in the
 * page under test (its scripts could have changed globals axe uses). The library opens a new blank page in
 * the test's browser context for that on EVERY run and injects axe (~600 kB) into it: on the 2-core machine
 * that was about a third of each check (dashboard-money and -sign-in, same minutes: 11.6 s a check, 7.3 s
 * with this). Here that clean page is made once per browser (a worker's), in a
 * context of its own, so no test ever sees an extra page in its context; it only ever runs finishRun, whose
 * input is the partial results passed in (nothing the page under test can touch). That context outlives the test
 * that made it (keepAcrossTests: support/test.ts closes the others).
 */
const finishers = new WeakMap<Browser, Promise<Page>>();

function finisher(page: Page): Promise<Page> {
  const browser = page.context().browser()!;
  let made = finishers.get(browser);
  if (!made) {
    made = (async () => {
      const context = await browser.newContext();
      keepAcrossTests(context);
      const blank = await context.newPage();
      await blank.evaluate(axe.source);
      await blank.evaluate(configure);
      return blank;
    })();
    finishers.set(browser, made);
    // A failed start (a closing browser) is tried again by the next check, not remembered.
    made.catch(() => finishers.delete(browser));
  }
  return made;
}

/** An iframe whose sandbox attribute leaves out allow-scripts. */
function refusesScripts(element: Element): boolean {
  return (
    element instanceof HTMLIFrameElement &&
    element.hasAttribute('sandbox') &&
    !element.sandbox.contains('allow-scripts')
  );
}

/** axe.runPartial in `frame` and, depth first, in each frame inside it (axe's frame contexts), as the library does. */
async function runPartial(frame: Frame, context: unknown, top: boolean): Promise<unknown[]> {
  const frameContexts = await frame.evaluate(
    (context) =>
      (window as any).axe.utils.getFrameContexts(context) as { frameSelector: unknown; frameContext: unknown }[],
    context,
  );
  const own = frame.evaluate(({ context, options }) => (window as any).axe.runPartial(context, options), {
    context,
    options,
  });
  own.catch(() => {});
  const children: unknown[][] = [];
  for (const { frameSelector, frameContext } of frameContexts) {
    let child: unknown[] = [null];
    try {
      const handle = await frame.evaluateHandle(
        (selector) => (window as any).axe.utils.shadowSelect(selector),
        frameSelector,
      );
      const element = handle.asElement();
      const childFrame = await element?.contentFrame();
      // A frame sandboxed without allow-scripts (the mailbox's email bodies) runs no callback of axe's: its
      // runPartial never settles, so the check hung until the test's timeout whenever the script went in within
      // the second below (a quiet machine), and passed only when it did not. Not tested (null), as when the script
      // is refused; emails.spec.ts runs axe on each email's HTML as a page of its own.
      if (childFrame && !(await element!.evaluate(refusesScripts))) {
        // As the library: a frame that takes over a second to take the script counts as not tested.
        const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('Script Timeout')), 1000));
        await Promise.race([childFrame.evaluate(axe.source), timeout]);
        await childFrame.evaluate(configure);
        child = await runPartial(childFrame, frameContext, false);
      }
    } catch {
      // A frame that went away or refused the script: axe's finishRun reports it as not tested (null).
    }
    children.push(child);
  }
  try {
    return [await own, ...children.flat(1)];
  } catch (error) {
    if (top) throw error;
    return [null];
  }
}

/**
 * Runs axe on the page as it is now and fails on any violation of any impact,
 * naming each rule and the first offending elements so a failure is readable.
 * After a client-side navigation (a server action's redirect) Next.js streams the
 * new page's metadata after its body: the title is waited for first (up to the
 * expect timeout), so a page that never gets one still fails, here, by name.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  await expect(page, `a non-empty <title> on ${label}`).toHaveTitle(/\S/);
  // Injected afresh on every run, as the library does: axe keeps no state from a run on an older DOM.
  await page.evaluate(axe.source);
  const partials = await runPartial(page.mainFrame(), { include: [], exclude: [] }, true);
  const { violations } = await (
    await finisher(page)
  ).evaluate(({ partials, options }) => (window as any).axe.finishRun(partials, options) as Promise<axe.AxeResults>, {
    partials,
    options,
  });
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  expect(found, `axe violations on ${label}`).toEqual([]);
}
