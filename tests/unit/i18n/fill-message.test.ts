import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { clientNamespaces } from '@/lib/i18n/client-messages';
import { fillMessage } from '@/lib/i18n/fill-message';
import { routing } from '@/lib/i18n/routing';

const read = (locale: string, namespace: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', locale, `${namespace}.json`), 'utf8'));

/** A distinct value for every argument a message names (any ICU argument, not only simple ones). */
function sampleValues(template: string): Record<string, string> {
  const names = [...template.matchAll(/\{\s*([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name) => [name, `<${name}:1 234,50 €>`]));
}

describe('fillMessage: the client components formatting without IntlMessageFormat', () => {
  // The card form's strings reach the browser raw and are filled there (card-entry/card-text.tsx):
  // each must come out exactly as next-intl would have formatted it.
  it.each(routing.locales)('formats every client message of %s as IntlMessageFormat does', (locale) => {
    for (const namespace of clientNamespaces) {
      for (const [key, template] of Object.entries(read(locale, namespace))) {
        const values = sampleValues(template);
        const expected = String(new IntlMessageFormat(template, locale).format(values));
        expect(fillMessage(template, values), `${locale} ${namespace}.${key}`).toBe(expected);
      }
    }
  });

  it('follows ICU quoting and leaves a missing value visible', () => {
    const cases: [string, Record<string, string>][] = [
      ["it''s {n}", { n: 'x' }],
      ["l'{n}", { n: 'x' }],
      ["'{n}' is literal, {n} is not", { n: 'x' }],
      ['{ n } spaced', { n: 'x' }],
    ];
    for (const [template, values] of cases)
      expect(fillMessage(template, values)).toBe(String(new IntlMessageFormat(template, 'en').format(values)));
    expect(fillMessage('Pay {amount}')).toBe('Pay {amount}');
  });

  it('is no ICU engine: a plural comes out different, which the catalog test above would catch', () => {
    const plural = '{count, plural, one {# card} other {# cards}}';
    expect(fillMessage(plural, { count: 2 })).not.toBe(new IntlMessageFormat(plural, 'en').format({ count: 2 }));
  });
});
