import { getTranslations } from 'next-intl/server';
import { isSandbox } from '@/lib/config';

/**
 * Issue 17 item 16: every page the sandbox serves says so, so a test payment never
 * looks real. In the page's flow (not an overlay), above everything, so it hides
 * nothing and a screen reader meets it first; role=note names it as an aside to the page.
 * Production renders nothing.
 */
export async function SandboxBadge({ locale }: { locale: string }) {
  if (!isSandbox()) return null;
  const t = await getTranslations({ locale, namespace: 'Layout' });
  return (
    <p className="sandbox-badge" role="note" data-testid="sandbox-badge">
      {t('sandboxBadge')}
    </p>
  );
}
