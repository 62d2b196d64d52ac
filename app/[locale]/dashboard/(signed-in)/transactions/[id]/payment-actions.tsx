import { getTranslations } from 'next-intl/server';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import type { getTransaction } from '@/lib/core/transactions/get-transaction';
import { amountText } from '../../_money/amount-input';
import { moneyWords } from '../../_money/money-words';
import { completeAction, reassignAction, refundAction, reverseAction } from '../actions';

type Props = {
  locale: string;
  transaction: Awaited<ReturnType<typeof getTransaction>>;
  canPay: boolean;
  canReassign: boolean;
};

/**
 * The forms of what can be done to the payment now, for the actor's roles (each action checks again):
 * a refund of a taken payment, up to what is left of it; completing or reversing a pre-authorisation;
 * moving it to another booking. Plain forms: no JavaScript needed.
 */
export async function PaymentActions({ locale, transaction: tx, canPay, canReassign }: Props) {
  const t = await getTranslations({ locale, namespace: 'DashboardMoney.transaction' });
  const words = await moneyWords(locale);
  const left = tx.amount - tx.refunded_amount;
  const refundable = canPay && tx.status === 'COMPLETE' && left > 0;
  const held = canPay && tx.status === 'PENDING';
  if (!refundable && !held && !canReassign) return null;
  const hidden = (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="transaction" value={tx.id} />
    </>
  );
  return (
    <section aria-labelledby="actions-title" className="money-actions">
      <h2 id="actions-title">{t('actions')}</h2>
      {refundable && (
        <form action={refundAction} className="stack narrow card" data-testid="refund-form">
          {hidden}
          <h3>{t('refundTitle')}</h3>
          <p id="refund-hint">{t('refundHint', { amount: words.money(left, tx.currency) })}</p>
          <div className="field">
            <label htmlFor="refund-amount">{t('refundAmount')}</label>
            <input
              id="refund-amount"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              required
              aria-describedby="refund-hint"
              defaultValue={amountText(left)}
            />
          </div>
          <div>
            <button type="submit">{t('refund')}</button>
          </div>
        </form>
      )}
      {held && (
        <div className="card" data-testid="hold-actions">
          <h3>{t('holdTitle')}</h3>
          <p>{t('holdHint', { amount: words.money(tx.amount, tx.currency) })}</p>
          <div className="money-buttons">
            <form action={completeAction}>
              {hidden}
              <button type="submit">{t('complete')}</button>
            </form>
            <form action={reverseAction}>
              {hidden}
              <button type="submit" className="secondary">
                {t('reverse')}
              </button>
            </form>
          </div>
        </div>
      )}
      {canReassign && (
        <form action={reassignAction} className="stack narrow card" data-testid="reassign-form">
          {hidden}
          <h3>{t('reassignTitle')}</h3>
          <p id="reassign-hint">{t('reassignHint')}</p>
          <div className="field">
            <label htmlFor="reassign-booking">{t('reassignBooking')}</label>
            <input id="reassign-booking" name="booking" autoComplete="off" required aria-describedby="reassign-hint" />
          </div>
          <div>
            <button type="submit">{t('reassign')}</button>
          </div>
        </form>
      )}
      {tx.status === 'COMPLETE' && canPay && (
        <p>
          <a href={dashboardPath(locale, '/refunds')}>{t('refundsLink')}</a>
        </p>
      )}
    </section>
  );
}
