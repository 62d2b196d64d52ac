import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { routing, type Locale } from '@/lib/i18n/routing';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
const localeNames: Record<Locale, string> = { 'en-GB': 'English', fr: 'Français', de: 'Deutsch' };

/**
 * The way back home and to the same page in another language, for pages a
 * developer reaches from the home page (docs, mailbox) and the 404 page.
 * Plain links: they work without JavaScript.
 */
export async function SiteNav({ pathname = '/' }: { pathname?: string }) {
  const t = await getTranslations('Nav');
  const current = await getLocale();
  return (
    <nav className="site-nav" aria-label={t('label')}>
      <Link href="/" data-testid="nav-home">{t('home')}</Link>
      <ul className="locales" aria-label={t('languages')}>
        {routing.locales.map((locale) => (
          <li key={locale}>
            {locale === current ? (
              <span aria-current="page" lang={locale}>{localeNames[locale]}</span>
            ) : (
              <Link href={pathname} locale={locale} lang={locale} hrefLang={locale}>{localeNames[locale]}</Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
