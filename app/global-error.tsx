'use client';

import { useParams } from 'next/navigation';
import { lazy, Suspense } from 'react';
import { localeOrDefault, textDirection } from '@/lib/i18n/routing';
import './[locale]/globals.css';

/*
 * Next.js loads this boundary's module on every page, whether or not the root layout ever fails: so the page it
 * shows (words, catalog loaders, markup) is a chunk of its own, fetched when it renders. On the server the lazy
 * page is rendered into the HTML like any other component, so the document reads the same without JavaScript.
 */
const GlobalErrorPage = lazy(() => import('./[locale]/global-error-page'));

/**
 * An error in the root layout itself (app/[locale]/layout.tsx): this replaces the
 * layout, so it renders its own document, imports the site's styles and shows the
 * error page in its language (global-error-page.tsx).
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const params = useParams<{ locale?: string }>();
  const locale = localeOrDefault(params?.locale);
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body>
        <Suspense>
          <GlobalErrorPage locale={locale} error={error} retry={retry} />
        </Suspense>
      </body>
    </html>
  );
}
