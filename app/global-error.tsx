'use client';

import { useParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { textDirection } from '@/lib/i18n/routing';
import { ErrorContent, errorLocale } from './[locale]/error-content';
import { englishErrorWords, type ErrorWords } from './[locale]/error-words';
import { errorWordsLoaders } from './[locale]/error-words-loaders';
import './[locale]/globals.css';

/**
 * An error in the root layout itself (app/[locale]/layout.tsx): this replaces the
 * layout, so it renders its own document, imports the site's styles and fetches its
 * language's words (English until they arrive, or if they cannot).
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const params = useParams<{ locale?: string }>();
  const locale = errorLocale(params?.locale);
  const [words, setWords] = useState<ErrorWords>(englishErrorWords);
  useEffect(() => {
    if (locale === 'en-GB') return;
    errorWordsLoaders[locale]()
      .then(({ default: catalog }) =>
        setWords({ title: catalog.title, body: catalog.body, retry: catalog.retry, reference: catalog.reference }),
      )
      .catch(() => undefined);
  }, [locale]);
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body>
        <ErrorContent locale={locale} words={words} error={error} retry={retry} />
      </body>
    </html>
  );
}
