import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { currencyCodeFromIso, formatMoney } from '@/lib/money';
import { sandboxStep } from '@/lib/sandbox/processor-pages';
import { FrameHeight } from '../../../embed/frame-height';
import { submitBankDecision } from './actions';

/** Stands in for the customer's bank in an open-banking payment, in sandbox mode only. */
export default async function SandboxBankPage({ params }: { params: Promise<{ locale: string; reference: string }> }) {
  const { locale, reference } = await params;
  const step = await sandboxStep(reference);
  if (step?.step !== 'bank') notFound();
  const t = await getTranslations('SandboxProcessor');
  const amount = formatMoney(step.amount, currencyCodeFromIso(step.currency) ?? 'GBX', locale);
  return (
    <main className="narrow">
      {/* Inside the embed's frame the step reports its height, so the frame shows all of it (issue 17 item 13). */}
      <FrameHeight />
      <p>
        <span className="badge">SANDBOX</span>
      </p>
      <h1>{t('bankTitle')}</h1>
      <p>{t('bankIntro', { amount })}</p>
      {step.status !== 'pending' ? (
        <p>{t('alreadyAnswered')}</p>
      ) : (
        <form action={submitBankDecision} className="row">
          <input type="hidden" name="reference" value={reference} />
          <button type="submit" name="decision" value="approve">
            {t('approve')}
          </button>
          <button type="submit" name="decision" value="decline" className="secondary">
            {t('decline')}
          </button>
          <button type="submit" name="decision" value="abandon" className="secondary">
            {t('abandon')}
          </button>
        </form>
      )}
    </main>
  );
}
