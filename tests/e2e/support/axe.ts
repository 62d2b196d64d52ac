import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 AA rule set issue 7 asks every hosted page to pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and fails on any violation of any impact,
 * naming each rule and the first offending elements so a failure is readable.
 * After a client-side navigation (a server action's redirect) Next.js streams the
 * new page's metadata after its body: the title is waited for first (up to the
 * expect timeout), so a page that never gets one still fails, here, by name.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  await expect(page, `a non-empty <title> on ${label}`).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  expect(found, `axe violations on ${label}`).toEqual([]);
}
