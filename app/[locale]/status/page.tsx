import { getTranslations } from 'next-intl/server';
import { connection } from 'next/server';

/**
 * "The pages are being served": a dynamic page with the site's layout and
 * nothing else (no database, no client component). Monitors can poll it, and
 * `npm run bench` measures the checkout against it as the floor of what any
 * page of this build costs to render.
 */
export default async function StatusPage() {
  await connection();
  const t = await getTranslations('Status');
  return (
    <main className="narrow" data-testid="status">
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
    </main>
  );
}
