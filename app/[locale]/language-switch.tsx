'use client';

import { usePathname } from 'next/navigation';
import { languageHref } from '@/lib/i18n/language-links';
import { localeNames, routing, textDirection, type Locale } from '@/lib/i18n/routing';

/**
 * The language switch on every page (the layout renders it): the same page in
 * each language, each named in itself. Server-rendered plain links inside a
 * <details>, so it works without JavaScript and costs one Tab stop before the
 * page's own content. A client component only to follow the path through
 * client-side navigations, which do not re-render the layout. Next's own
 * usePathname (languageHref drops the locale prefix): next-intl's needs its
 * client provider, which no page loads (layout.tsx).
 */
export function LanguageSwitch({ current, label }: { current: Locale; label: string }) {
  const pathname = usePathname();
  return (
    <nav className="language-switch" aria-label={label} data-testid="language-switch">
      <details>
        <summary>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
            <circle cx="8" cy="8" r="7" />
            <path d="M1 8h14M8 1c2.2 2 2.2 12 0 14M8 1c-2.2 2-2.2 12 0 14" />
          </svg>
          {label}:{' '}
          <span lang={current} dir={textDirection(current)}>
            {localeNames[current]}
          </span>
        </summary>
        <ul>
          {routing.locales.map((locale) => (
            <li key={locale}>
              {locale === current ? (
                <span aria-current="page" lang={locale} dir={textDirection(locale)}>
                  {localeNames[locale]}
                </span>
              ) : (
                <a href={languageHref(locale, pathname)} lang={locale} hrefLang={locale} dir={textDirection(locale)}>
                  {localeNames[locale]}
                </a>
              )}
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
