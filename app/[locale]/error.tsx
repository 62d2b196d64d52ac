'use client';

import { useParams } from 'next/navigation';
import { ErrorContent, errorLocale } from './error-content';
import { useErrorWords } from './error-words';

/**
 * An unexpected error in a page or a server action (a bug, the database gone): the
 * site's own page in the customer's language, inside the site's layout, instead of
 * Next.js's generic one. Expected refusals never come here: actions return them as
 * form errors (app/[locale]/[payment_link_id]/actions.ts).
 */
export default function LocaleError({ error, retry }: { error: unknown; retry: () => void }) {
  const { locale } = useParams<{ locale?: string }>();
  const words = useErrorWords();
  return <ErrorContent locale={errorLocale(locale)} words={words} error={error} retry={retry} />;
}
