import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { hostedApproval } from '@/lib/core/approvals/hosted-approvals';
import { notFoundPageTitle, organisationPageTitle } from '../../page-title';
import { decideApprovalAction } from './actions';
import { ApprovalPayments, type ApprovalPaymentRow } from './approval-payments';

type Props = { params: Promise<{ locale: string; approval_id: string }> };

// Once per request: the title (generateMetadata) and the page read the same approval.
const approvalData = cache(hostedApproval);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, approval_id: id } = await params;
  const approval = await approvalData(id);
  return approval ? organisationPageTitle(locale, 'approval', approval.organisation.name) : notFoundPageTitle(locale);
}

/**
 * The approval page (product.md section 8): the scheduled payments the
 * approval was sent for (what its email listed), approve all or decline. When
 * the booking's payments awaiting approval are no longer exactly those, it says
 * a new approval is needed and offers no answer. Read on every request, so a
 * second tab or the back button shows the decision once it is made.
 */
export default async function ApprovalPage({ params }: Props) {
  await connection();
  const { locale, approval_id: id } = await params;
  const approval = await approvalData(id);
  if (!approval) notFound();
  const t = await getTranslations('Approval');
  const format = await getFormatter();
  const organisation = approval.organisation.name;
  const logo =
    approval.organisation.image && /^https?:\/\//i.test(approval.organisation.image)
      ? approval.organisation.image
      : null;
  const decided = approval.decision;
  // Changed since the email (a payment added, cancelled or altered): an answer would decide nothing, so no buttons.
  const state = decided
    ? decided.decision
    : approval.decided
      ? 'decided'
      : approval.expired
        ? 'expired'
        : approval.awaiting === 0
          ? 'nothing'
          : approval.changed
            ? 'changed'
            : 'open';
  const rows: ApprovalPaymentRow[] = decided
    ? decided.payments.map((p) => ({
        id: p.id,
        amount: p.amount,
        currency: p.currency,
        date: new Date(p.execute_after),
        cardBrand: p.card_brand,
        cardLastFour: p.card_last_four,
      }))
    : approval.payments.map((p) => ({
        id: p.id,
        amount: p.amount,
        currency: p.currency,
        date: p.executeAfter,
        cardBrand: p.cardBrand,
        cardLastFour: p.cardLastFour,
      }));
  return (
    <main className="narrow" data-testid="approval" data-state={state}>
      <header className="checkout-summary">
        {/* A remote logo of any size: next/image would need every host configured. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        {logo && <img src={logo} alt={t('logoAlt', { organisation })} className="checkout-logo" />}
        <p className="checkout-organisation" data-testid="approval-organisation">
          {organisation}
        </p>
        <h1>{t('title')}</h1>
        <dl className="checkout-details">
          <dt>{t('bookingReference')}</dt>
          <dd data-testid="approval-booking">{approval.booking.reference}</dd>
        </dl>
      </header>
      {state === 'open' && (
        <>
          <p>{t('intro', { organisation })}</p>
          <ApprovalPayments rows={rows} locale={locale} caption={t('paymentsHeading')} />
          <form action={decideApprovalAction} className="row approval-actions" data-testid="approval-form">
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="approvalId" value={approval.id} />
            <button type="submit" name="decision" value="approve" data-testid="approve">
              {t('approveButton')}
            </button>
            <button type="submit" name="decision" value="decline" className="secondary" data-testid="decline">
              {t('declineButton')}
            </button>
          </form>
          <p className="muted">{t('declineHint')}</p>
        </>
      )}
      {(state === 'approve' || state === 'decline') && (
        <section className="notice" data-testid="approval-decided" aria-labelledby="decided-heading">
          <h2 id="decided-heading">{state === 'approve' ? t('approvedTitle') : t('declinedTitle')}</h2>
          <p>{state === 'approve' ? t('approvedBody', { organisation }) : t('declinedBody', { organisation })}</p>
          {approval.decidedAt && (
            <p>
              {t('decidedOn', {
                date: format.dateTime(approval.decidedAt, {
                  dateStyle: 'long',
                  timeStyle: 'short',
                  timeZone: 'Europe/London',
                }),
              })}
            </p>
          )}
        </section>
      )}
      {(state === 'approve' || state === 'decline') && rows.length > 0 && (
        <ApprovalPayments rows={rows} locale={locale} caption={t('decidedPaymentsHeading')} />
      )}
      {state === 'decided' && (
        <section className="notice" data-testid="approval-decided">
          <h2>{t('decidedTitle')}</h2>
        </section>
      )}
      {state === 'expired' && (
        <section data-testid="approval-expired">
          <h2>{t('expiredTitle')}</h2>
          <p>{t('expiredBody', { organisation })}</p>
        </section>
      )}
      {state === 'changed' && (
        <section className="notice" data-testid="approval-changed" aria-labelledby="changed-heading">
          <h2 id="changed-heading">{t('changedTitle')}</h2>
          <p>{t('changedBody', { organisation })}</p>
        </section>
      )}
      {state === 'nothing' && (
        <section data-testid="approval-nothing">
          <h2>{t('nothingTitle')}</h2>
          <p>{t('nothingBody')}</p>
        </section>
      )}
    </main>
  );
}
