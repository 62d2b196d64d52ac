'use client';

import { useEffect } from 'react';
import { routing, textDirection, type Locale } from '@/lib/i18n/routing';
import ar from '@/messages/ar/ErrorPage.json';
import cy from '@/messages/cy/ErrorPage.json';
import de from '@/messages/de/ErrorPage.json';
import el from '@/messages/el/ErrorPage.json';
import enGB from '@/messages/en-GB/ErrorPage.json';
import es from '@/messages/es/ErrorPage.json';
import fr from '@/messages/fr/ErrorPage.json';
import it from '@/messages/it/ErrorPage.json';
import nl from '@/messages/nl/ErrorPage.json';
import pl from '@/messages/pl/ErrorPage.json';
import pt from '@/messages/pt/ErrorPage.json';
import sv from '@/messages/sv/ErrorPage.json';

type ErrorWords = typeof enGB;

/*
 * The error pages are client components (Next.js error boundaries must be), and the
 * site gives client components no next-intl provider (layout.tsx), so this small
 * namespace is bundled here for every language: four short strings each.
 */
const words: Record<Locale, ErrorWords> = { 'en-GB': enGB, cy, fr, de, es, it, nl, pt, pl, sv, el, ar };

export const errorLocale = (locale: unknown): Locale =>
  typeof locale === 'string' && (routing.locales as readonly string[]).includes(locale)
    ? (locale as Locale)
    : routing.defaultLocale;

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
export function ErrorContent({ locale, error, retry }: { locale: Locale; error: unknown; retry: () => void }) {
  const t = words[locale];
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
