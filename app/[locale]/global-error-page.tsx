import { useEffect, useState } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import enGB from '@/messages/en-GB/ErrorPage.json';
import { ErrorContent } from './error-content';
import type { ErrorWords } from './error-words';
import { errorWordsLoaders } from './error-words-loaders';

/** English, shown first (and by the server's render) and whenever the page's language cannot be fetched. */
export const englishErrorWords: ErrorWords = {
  title: enGB.title,
  body: enGB.body,
  retry: enGB.retry,
  reference: enGB.reference,
};

/**
 * The root layout's own error page, inside app/global-error.tsx's document: that shell imports this lazily, so
 * these words, the loaders and the error page's markup are a chunk fetched only when the root layout failed, not
 * first-load JavaScript of every page. It replaces the layout, so nothing hands it words: it fetches its language's
 * catalog (English until it arrives, or if it cannot).
 */
export default function GlobalErrorPage({
  locale,
  error,
  retry,
}: {
  locale: Locale;
  error: unknown;
  retry: () => void;
}) {
  const [words, setWords] = useState<ErrorWords>(englishErrorWords);
  useEffect(() => {
    if (locale === 'en-GB') return;
    errorWordsLoaders[locale]()
      .then(({ default: catalog }) =>
        setWords({ title: catalog.title, body: catalog.body, retry: catalog.retry, reference: catalog.reference }),
      )
      .catch(() => undefined);
  }, [locale]);
  return <ErrorContent locale={locale} words={words} error={error} retry={retry} />;
}
