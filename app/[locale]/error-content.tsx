'use client';

import { useEffect } from 'react';
import { localeOrDefault, textDirection, type Locale } from '@/lib/i18n/routing';
import type { ErrorWords } from './error-words';

export const errorLocale = localeOrDefault;

/**
 * Server errors reach the browser as a generic message and a `digest` that matches the
 * server's log; only the digest is shown (as a reference to quote), never a message or stack.
 */
function referenceOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('digest' in error)) return null;
  const digest = (error as { digest?: unknown }).digest;
  return typeof digest === 'string' && /^[\w-]{1,64}$/.test(digest) ? digest : null;
}

/** What an unexpected error shows: a heading, what to do (pay again only after checking), and a retry. */
export function ErrorContent({
  locale,
  words: t,
  error,
  retry,
}: {
  locale: Locale;
  words: ErrorWords;
  error: unknown;
  retry: () => void;
}) {
  const reference = referenceOf(error);
  useEffect(() => {
    // The server logged the error with this digest already; the browser's console gets no more than the page shows.
    if (reference) console.error(`travel-pay error ${reference}`);
  }, [reference]);
  return (
    <main className="checkout narrow" data-testid="error-page" dir={textDirection(locale)}>
      <title>{t.title}</title>
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      {reference && <p className="muted">{t.reference.replace('{reference}', reference)}</p>}
      <button type="button" onClick={() => retry()}>
        {t.retry}
      </button>
    </main>
  );
}
