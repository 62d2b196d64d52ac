import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { hostedActionOrigin } from '@/lib/core/hosted-checkout/hosted-action-scope';
import { refusalOf } from '@/lib/http/action-refusal';
import { PORTAL_ORGANISATION_HEADER } from '@/lib/http/portal-paths';
import { actionRefusalMessage } from '../action-refusal-message';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ reason?: string | string[] }> };

/**
 * Where a refused form ends when it cannot show the refusal itself
 * (lib/http/action-refusal.ts): a refused Origin (proxy.ts), or a checkout
 * action without a form state (pay by bank, cancel, approve). The address
 * carries a code only; the words, and in sandbox the origin the host expects
 * (read here from the host, never from the address), are the page's own.
 */
export default async function FormRefusedPage({ params, searchParams }: Props) {
  await connection();
  const { locale } = await params;
  const reason = refusalOf((await searchParams).reason);
  const t = await getTranslations('ActionRefused');
  const expected =
    reason === 'origin' ? await hostedActionOrigin((await headers()).get(PORTAL_ORGANISATION_HEADER)) : undefined;
  return (
    <main className="checkout narrow" data-testid="form-refused" data-reason={reason}>
      <h1>{t('title')}</h1>
      <p role="alert" data-testid="form-refused-message">
        {await actionRefusalMessage(locale, reason, expected)}
      </p>
      <p>{t('advice')}</p>
    </main>
  );
}
