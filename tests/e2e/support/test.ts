import { test as base, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

/*
 * Playwright's `test`, plus one rule: a browser context a test opens itself (`browser.newContext()`: oneClick,
 * freshSignIn, a second customer's tab) is closed when the test ends, as Playwright closes its own `context`.
 * Playwright leaves such contexts open until the worker's browser closes, and at every later test it starts and
 * stops a trace chunk on each of them (written to disk, then deleted when the test passes): a run left ~75 open
 * contexts per worker by its middle, and wrote about 700 trace files a minute for pages no test looked at again.
 * Every spec imports `test` and `expect` from here, not from '@playwright/test'.
 */
const kept = new WeakSet<BrowserContext>();

/** A context that outlives the test that made it (a worker's helper page, such as axe's clean page in axe.ts). */
export function keepAcrossTests(context: BrowserContext): void {
  kept.add(context);
}

export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context) && !kept.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true, title: 'close the contexts the test opened', box: true },
  ],
});
