import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { formatMoney, currencyCodeFromIso } from '@/lib/money';
import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';
import { sandboxStep } from '@/lib/sandbox/processor-pages';
import { FrameHeight } from '../../../embed/frame-height';
import { submitChallenge } from './actions';

/** Stands in for the card issuer's 3-D Secure page, in sandbox mode only. */
export default async function SandboxChallengePage({
  params,
}: {
  params: Promise<{ locale: string; reference: string }>;
}) {
  const { locale, reference } = await params;
  const step = await sandboxStep(reference);
  if (step?.step !== 'challenge') notFound();
  const t = await getTranslations('SandboxProcessor');
  const amount = formatMoney(step.amount, currencyCodeFromIso(step.currency) ?? 'GBX', locale);
  return (
    <main className="narrow">
      {/* Inside the embed's frame the step reports its height, so the frame shows all of it (issue 17 item 13). */}
      <FrameHeight />
      <p>
        <span className="badge">SANDBOX</span>
      </p>
      <h1>{t('challengeTitle')}</h1>
      <p>{t('challengeIntro', { amount, brand: cardBrandName(step.card.brand), lastFour: step.card.lastFour })}</p>
      {step.finished ? (
        <p>{t('alreadyAnswered')}</p>
      ) : (
        <form action={submitChallenge} className="stack">
          <input type="hidden" name="reference" value={reference} />
          <label htmlFor="password">{t('passwordLabel')}</label>
          <input id="password" name="password" type="password" autoComplete="off" autoFocus />
          <p className="muted">{t('passwordHint')}</p>
          <button type="submit">{t('submit')}</button>
        </form>
      )}
    </main>
  );
}
