import { getFormatter, getTranslations } from 'next-intl/server';
import type { MemberInstalment } from '@/lib/core/hosted-checkout/member-checkout';
import { formatMoney } from '@/lib/money';

/** After a member's payment: their next instalment and how it will be paid, or that nothing more is due. */
export async function NextInstalment({
  next,
  automatic,
  currency,
  locale,
}: {
  next: MemberInstalment | null;
  automatic: boolean;
  currency: string;
  locale: string;
}) {
  const t = await getTranslations('Checkout');
  if (!next) {
    return (
      <p className="notice" data-testid="receipt-next">
        {t('receiptNothingMore')}
      </p>
    );
  }
  const format = await getFormatter();
  const values = {
    amount: formatMoney(next.amount, currency, locale),
    date: next.dueAt ? format.dateTime(next.dueAt, { dateStyle: 'long', timeZone: 'Europe/London' }) : '',
  };
  const text = next.dueAt
    ? automatic
      ? t('receiptNextAutomatic', values)
      : t('receiptNextManual', values)
    : t('receiptNextUndated', values);
  return (
    <p className="notice" data-testid="receipt-next" data-automatic={automatic}>
      {text}
    </p>
  );
}
