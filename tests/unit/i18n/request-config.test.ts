import { _createIntlFormatters, createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { processMessageCache, requestConfigFor } from '@/lib/i18n/request-config';

/*
 * Messages with arguments are compiled once per process, not once per request (lib/i18n/request.ts): the request
 * config hands next-intl one `_cache` for every request, and use-intl's translators keep compiled messages in it.
 */
const configFor = async (locale: string) =>
  (await requestConfigFor(locale)) as {
    locale: string;
    messages: Record<string, Record<string, string>>;
    timeZone: string;
    _cache?: unknown;
  };

/** A translator as next-intl's getTranslations builds one for a request: the config's cache, the request's formatters. */
const translatorOf = (config: Awaited<ReturnType<typeof configFor>>) =>
  createTranslator({
    ...config,
    _cache: config._cache as never,
    _formatters: _createIntlFormatters(config._cache as never),
    namespace: 'Layout',
  } as never) as unknown as (key: string, values: Record<string, string>) => string;

describe('the request config', () => {
  it('gives every request and every locale the one process-wide message cache', async () => {
    const english = await configFor('en-GB');
    const german = await configFor('de');
    expect(processMessageCache).toBeDefined();
    expect(english._cache).toBe(processMessageCache);
    expect(german._cache).toBe(processMessageCache);
    expect(german.locale).toBe('de');
  });

  it('compiles a message with arguments once across requests, and keeps each locale its own', async () => {
    const cache = processMessageCache as { message: Record<string, unknown> };
    const compiled = () => Object.keys(cache.message).filter((key) => key.includes('{organisation}')).length;
    const before = compiled();
    const first = translatorOf(await configFor('en-GB'))('titleCheckoutPlain', { organisation: 'Sandbox Travel' });
    const afterFirst = compiled();
    const second = translatorOf(await configFor('en-GB'))('titleCheckoutPlain', { organisation: 'Other Travel' });
    expect(first).toBe('Pay Sandbox Travel');
    expect(second).toBe('Pay Other Travel');
    expect(afterFirst).toBe(before + 1);
    // The second request reused the compiled message.
    expect(compiled()).toBe(afterFirst);
    const french = translatorOf(await configFor('fr'))('titleCheckoutPlain', { organisation: 'Sandbox Travel' });
    expect(french).not.toBe(first);
    expect(french).toContain('Sandbox Travel');
  });
});
