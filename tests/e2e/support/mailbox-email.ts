import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

/** One email of the sandbox mailbox (a `mailbox-email` entry) and what to call it in a failure. */
export type MailboxEmail = { email: Locator; label: string };

/**
 * Renders each email's HTML part as a page of its own, at a phone's width, and runs axe on it: no sideways scroll,
 * no violation. The mailbox shows that part in a frame sandboxed without scripts, which axe cannot enter (support/axe.ts
 * leaves it untested), so axe on the mailbox page checks the mailbox, never the email. The HTML is read from the
 * address the frame loads (its own document, with the policy that lets its inline styles apply), as emails.spec.ts
 * does for the receipt. The addresses are read first, then `page` leaves the mailbox for the emails.
 */
export async function expectAccessibleEmails(page: Page, server: string, emails: MailboxEmail[]): Promise<void> {
  const sources: { src: string; label: string }[] = [];
  for (const { email, label } of emails) {
    const src = await email.locator('iframe').getAttribute('src');
    expect(src, `${label}: an HTML part`).toBeTruthy();
    sources.push({ src: src!, label });
  }
  await page.setViewportSize({ width: 375, height: 900 });
  for (const { src, label } of sources) {
    const response = await page.request.get(`${server}${src}`);
    expect(response.status(), `${label}: its HTML part`).toBe(200);
    await page.goto('about:blank');
    await page.setContent(await response.text());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${label} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, label);
  }
}

/** The first address in an email's plain-text part that starts with `prefix` (a link the email gives). */
export async function linkInEmail(email: Locator, prefix: RegExp): Promise<string> {
  const text = (await email.getByTestId('mailbox-text').textContent()) ?? '';
  const found = new RegExp(`${prefix.source}\\S*`).exec(text);
  expect(found, `a link matching ${prefix} in: ${text}`).not.toBeNull();
  return found![0];
}
