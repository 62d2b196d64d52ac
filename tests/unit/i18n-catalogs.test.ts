import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messageNamespaces } from '@/lib/i18n/namespaces';
import { routing } from '@/lib/i18n/routing';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

const read = (locale: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', locale, `${namespace}.json`), 'utf8'));
const catalog = (locale: string) =>
  Object.fromEntries(messageNamespaces.map((namespace) => [namespace, read(locale, namespace)]));
const reference = keys(catalog(routing.defaultLocale)).sort();

describe('message catalogs', () => {
  it('exist for the twelve languages of the site', () => {
    expect([...routing.locales].sort()).toEqual([
      'ar',
      'cy',
      'de',
      'el',
      'en-GB',
      'es',
      'fr',
      'it',
      'nl',
      'pl',
      'pt',
      'sv',
    ]);
  });

  it.each(routing.locales)('%s has a file for each namespace and no other', (locale) => {
    const files = fs
      .readdirSync(path.join(process.cwd(), 'messages', locale))
      .map((file) => file.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...messageNamespaces].sort());
  });

  it.each(routing.locales)('%s has exactly the keys of the default locale, none empty', (locale) => {
    const messages = catalog(locale);
    expect(keys(messages).sort()).toEqual(reference);
    for (const key of reference) {
      const value = key.split('.').reduce((node, part) => node[part], messages);
      expect(value, `${locale}: ${key}`).toMatch(/\S/);
    }
  });

  it('keeps the same {placeholders} in every translation', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join();
    const base = catalog(routing.defaultLocale);
    for (const locale of routing.locales) {
      const messages = catalog(locale);
      for (const key of reference) {
        const get = (node: Record<string, unknown>) =>
          key.split('.').reduce<unknown>((n, part) => (n as Record<string, unknown>)[part], node) as string;
        expect(placeholders(get(messages)), `${locale}: ${key}`).toBe(placeholders(get(base)));
      }
    }
  });

  // A message that is not valid ICU (an apostrophe before a brace, a literal {a, b}) renders as its key.
  it.each(routing.locales)(
    '%s: every message is valid ICU and formats with the arguments of the default locale',
    (locale) => {
      const messages = catalog(locale);
      const base = catalog(routing.defaultLocale);
      for (const key of reference) {
        const get = (node: Record<string, unknown>) =>
          key.split('.').reduce<unknown>((n, part) => (n as Record<string, unknown>)[part], node) as string;
        const args: Record<string, string | number> = Object.fromEntries(
          (get(base).match(/\{(\w+)\}/g) ?? []).map((p) => [p.slice(1, -1), 'X']),
        );
        // Plural and select arguments ({days, plural, ...}) take a number.
        for (const [, name] of get(base).matchAll(/\{(\w+), *(?:plural|selectordinal|select),/g)) args[name!] = 2;
        expect(() => new IntlMessageFormat(get(messages), locale).format(args), `${locale}: ${key}`).not.toThrow();
      }
    },
  );
});
