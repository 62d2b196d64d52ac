import type { Metadata } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { clientMessages } from '@/lib/i18n/client-messages';
import { routing, textDirection } from '@/lib/i18n/routing';
import { LanguageSwitch } from './language-switch';
import './globals.css';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Metadata' });
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
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body>
        {/* Only the namespaces client components use reach the browser: never the whole catalog. */}
        <NextIntlClientProvider messages={clientMessages(await getMessages())}>
          <LanguageSwitch current={locale} label={nav('languages')} />
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
