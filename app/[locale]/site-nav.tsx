import { getLocale, getTranslations } from 'next-intl/server';
import { getPathname } from '@/lib/i18n/navigation';

/**
 * The way back home, for pages a developer reaches from the home page (docs,
 * mailbox) and the 404 page. The language switch is on every page (layout.tsx).
 * A plain link, as the server-built 404 document has ([...rest]/not-found-document.ts): Next's <Link> is a
 * client component, and the layout's not-found boundary (not-found.tsx) renders this, so with <Link> every page
 * of the site carried Next's link code (3.3 KiB gzip) in its first-load JavaScript, the checkout included.
 */
export async function SiteNav() {
  const [t, locale] = await Promise.all([getTranslations('Nav'), getLocale()]);
  return (
    <nav className="site-nav" aria-label={t('label')}>
      <a href={getPathname({ href: '/', locale })} data-testid="nav-home">
        {t('home')}
      </a>
    </nav>
  );
}
