import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

/**
 * The way back home, for pages a developer reaches from the home page (docs,
 * mailbox) and the 404 page. The language switch is on every page (layout.tsx).
 */
export async function SiteNav() {
  const t = await getTranslations('Nav');
  return (
    <nav className="site-nav" aria-label={t('label')}>
      <Link href="/" data-testid="nav-home">
        {t('home')}
      </Link>
    </nav>
  );
}
