import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { routing, textDirection } from '@/lib/i18n/routing';
import { ErrorWordsProvider } from './error-words';
import { LanguageSwitch } from './language-switch';
import { SandboxBadge } from './sandbox-badge';
import './globals.css';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Metadata' });
  // Pages that name an organisation set their own title (page-title.ts); the rest are the service's.
  return { title: t('title'), description: t('description') };
}

export default async function LocaleLayout({ children, params }: Props) {
  // Every page renders per request: its scripts carry that request's CSP nonce (proxy.ts),
  // which a page built ahead of time could not know.
  await connection();
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const nav = await getTranslations({ locale, namespace: 'Nav' });
  const errors = await getTranslations({ locale, namespace: 'ErrorPage' });
  // The error boundaries' words for this language (error-words.tsx); `reference` keeps its placeholder.
  const errorWords = {
    title: errors('title'),
    body: errors('body'),
    retry: errors('retry'),
    reference: errors.raw('reference'),
  };
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body>
        {/* No NextIntlClientProvider: client components get their words from the server as props (the card
            form: card-entry/card-messages.tsx), so no page loads next-intl's client or carries a catalog. */}
        <SandboxBadge locale={locale} />
        <LanguageSwitch current={locale} label={nav('languages')} />
        <ErrorWordsProvider words={errorWords}>{children}</ErrorWordsProvider>
      </body>
    </html>
  );
}
