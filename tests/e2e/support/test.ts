import { test as base, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

/** Contexts a worker keeps on purpose across its tests (axe's clean page, support/axe.ts). */
export const workerContexts = new WeakSet<BrowserContext>();

/*
 * Playwright closes the context of the `page` fixture after each test, but not one a test opens itself with
 * browser.newContext() (a second user signed in, a browser without JavaScript): those stayed open, with their
 * pages, until the worker ended, dozens by the end of a run. Each stayed in the trace recorder's list, which
 * starts and writes a trace chunk of every open context for every later test. This `test` closes, after each
 * test, the contexts it opened; a spec that opens its own imports `test` from here.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context) && !workerContexts.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});
