import { getTranslations } from 'next-intl/server';
import { SiteNav } from './site-nav';

/** What a 404 says, in the request's language, with the way back home. */
export async function NotFoundContent() {
  const t = await getTranslations('NotFound');
  return (
    <>
      <SiteNav />
      <main data-testid="not-found">
        <h1>{t('title')}</h1>
        <p>{t('body')}</p>
      </main>
    </>
  );
}
