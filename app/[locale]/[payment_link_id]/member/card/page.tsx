import { randomUUID } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { adyenClientConfig, isSandbox } from '@/lib/config';
import { formatMoney } from '@/lib/money';
import { CardMessages } from '../../card-entry/card-messages';
import { memberPageData, memberPageTitle } from '../member-page-data';
import { memberPagePath } from '../member-paths';
import { replaceCardAction } from './actions';
import { amountParam } from './card-destination';
import { ReplaceCardForm } from './replace-card-form';

type Props = {
  params: Promise<{ locale: string; payment_link_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The reasons the form's answer may bring back (card-destination.ts), each worded below. */
const errors = ['card', 'declined', 'excluded', 'card_testing', 'failed', 'not_collecting'] as const;
type ReplaceError = (typeof errors)[number];
const errorKeys: Record<ReplaceError, string> = {
  card: 'replaceCardErrorCard',
  declined: 'replaceCardErrorDeclined',
  excluded: 'replaceCardErrorExcluded',
  card_testing: 'replaceCardErrorCardTesting',
  failed: 'replaceCardErrorFailed',
  not_collecting: 'replaceCardErrorNotCollecting',
};

/** The surcharge the answer asks the member to accept (card-destination.ts), when the address carries a well-formed one. */
function surchargeToConfirm(query: Record<string, string | string[] | undefined>) {
  const [surcharge, total] = [amountParam(query.confirm), amountParam(query.total)];
  return surcharge && total ? { surcharge, total } : null;
}

export const generateMetadata = memberPageTitle('replaceCardTitle');

/**
 * A member replaces the card their instalments are collected from, paying nothing (docs/groups.md, "Replacing the
 * stored card"): the checkout's card entry, a statement that nothing is charged now, and on success the member page
 * with the new card. A card that would add a surcharge to the collections comes back here with the amounts
 * (`?confirm=&total=`), and the card posted again accepts them. Offered while automatic collection is on with an instalment left to collect.
 */
export default async function MemberCardPage({ params, searchParams }: Props) {
  await connection();
  const { locale, payment_link_id: linkId } = await params;
  const view = await memberPageData(linkId);
  if (!view) notFound();
  const query = await searchParams;
  const t = await getTranslations('MemberPage');
  const error = errors.find((e) => e === query.error) ?? null;
  // The amounts come from the address: a forged one only misleads its own author, since the server stores the card
  // only when the posted acceptance equals the surcharge it computes itself (member-card-replace.ts).
  const confirm = surchargeToConfirm(query);
  const collecting = view.autoCollect && view.instalments.some((i) => i.state === 'unpaid' && i.dueAt);
  const adyen = adyenClientConfig();
  return (
    <main className="narrow" data-testid="member-card-page">
      <p className="checkout-organisation">{view.organisationName}</p>
      <h1>{t('replaceCardTitle')}</h1>
      {error && (
        <div className="error-summary" role="alert" data-testid="replace-card-error" data-error={error}>
          <p>{t(errorKeys[error])}</p>
        </div>
      )}
      {collecting && confirm && (
        <div className="notice" role="status" data-testid="replace-card-surcharge">
          <h2>{t('replaceCardSurchargeTitle')}</h2>
          <p>
            {t('replaceCardSurchargeBody', {
              surcharge: formatMoney(confirm.surcharge, view.currency, locale),
              total: formatMoney(confirm.total, view.currency, locale),
            })}
          </p>
        </div>
      )}
      {collecting ? (
        <>
          <p className="notice" data-testid="replace-card-nothing-charged">
            {t('replaceCardNothingCharged')}
          </p>
          <p>{t('replaceCardCollects')}</p>
          {isSandbox() || adyen ? (
            <CardMessages>
              <ReplaceCardForm
                action={replaceCardAction}
                linkId={view.linkId}
                nonce={randomUUID()}
                locale={locale}
                submitLabel={t('replaceCardSubmit')}
                {...(confirm ? { acceptedSurcharge: confirm.surcharge } : {})}
                adyen={!isSandbox() && adyen ? { ...adyen, countryCode: view.organisationCountry } : null}
              />
            </CardMessages>
          ) : (
            <p className="notice">{t('replaceCardUnavailable')}</p>
          )}
        </>
      ) : (
        !error && <p data-testid="replace-card-not-collecting">{t('replaceCardErrorNotCollecting')}</p>
      )}
      <p>
        <a href={memberPagePath(locale, view.linkId)} data-testid="member-card-back">
          {t('replaceCardBack')}
        </a>
      </p>
    </main>
  );
}
