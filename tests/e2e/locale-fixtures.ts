import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { formatMoney } from '../../lib/money';

/** One namespace of a locale's catalog, so the tests speak each language from the same source as the pages. */
export function catalog(locale: string, namespace: string): (key: string) => string {
  const messages: Record<string, string> = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'messages', locale, `${namespace}.json`), 'utf8'),
  );
  return (key) => {
    const text = messages[key];
    if (text === undefined) throw new Error(`no ${namespace}.${key} in ${locale}`);
    return text;
  };
}

/** An amount in pounds as the pages format it (the same function, Node and ICU as the server). */
export const money = (minor: number, locale: string) => formatMoney(minor, 'GBX', locale);

/** The card fields, found by their labels in the page's language. */
export async function fillCardIn(page: Page, locale: string, number: string, name = 'Ada Lovelace') {
  const form = catalog(locale, 'CheckoutForm');
  await page.getByLabel(form('numberLabel')).fill(number);
  await page.getByLabel(form('expiryLabel')).fill('12/34');
  await page.getByLabel(form('cvcLabel')).fill('123');
  await page.getByLabel(form('nameLabel')).fill(name);
}

/** Opens the language switch (a <details>: works without JavaScript). */
export async function openLanguageSwitch(page: Page) {
  const details = page.getByTestId('language-switch').locator('details');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}
