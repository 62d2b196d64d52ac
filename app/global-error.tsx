'use client';

import { useParams } from 'next/navigation';
import { textDirection } from '@/lib/i18n/routing';
import { ErrorContent, errorLocale } from './[locale]/error-content';
import './[locale]/globals.css';

/**
 * An error in the root layout itself (app/[locale]/layout.tsx): this replaces the
 * layout, so it renders its own document and imports the site's styles.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const params = useParams<{ locale?: string }>();
  const locale = errorLocale(params?.locale);
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body>
        <ErrorContent locale={locale} error={error} retry={retry} />
      </body>
    </html>
  );
}
