import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { NotFoundContent } from './[locale]/not-found-content';
import './[locale]/globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotFound');
  return { title: t('title') };
}

/**
 * The 404 document, rendered on the server with its full HTML (it works
 * without JavaScript): any notFound() of a page and any path no page serves.
 * The locale comes from the proxy (lib/i18n), so /fr/... answers in French.
 */
export default async function RootNotFound() {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>
        <NotFoundContent />
      </body>
    </html>
  );
}
