import { formatDateTime } from '@/lib/i18n/date-format';
import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailFacts, EmailHeading, EmailNote, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { paidBy, type NoticePayment } from './payment-notice-email';
import { renderEmail, type RenderedEmail } from './render-email';

/**
 * The organisation's digest of one day's payments (setting merchant_notices = daily_digest): how many, the total
 * in each currency, and one line per payment (its time, short reference, booking and payer, then the amount).
 */
export function paymentDigestEmail(
  brand: EmailBrand,
  text: EmailText,
  input: { day: Date; payments: NoticePayment[] },
): Promise<RenderedEmail> {
  const { t } = text;
  const day = text.date(input.day);
  const count = input.payments.length;
  const totals = new Map<string, number>();
  for (const p of input.payments) totals.set(p.currency, (totals.get(p.currency) ?? 0) + p.amount);
  const total = [...totals].map(([currency, amount]) => text.money(amount, currency)).join(', ');
  const subject = t('digest.subject', { organisation: brand.name, count, day });
  const time = (at: Date) => formatDateTime(at, text.locale, { timeStyle: 'short', timeZone: 'Europe/London' });
  const rows = input.payments.map((p) => {
    // A payment without a name to it (a bank payment on a link with no customer) reads by how it was paid.
    const words = { time: time(p.completedAt), reference: p.reference, payer: p.payer ?? paidBy(text, p) };
    const label = p.bookingReference
      ? t('digest.line', { ...words, booking: p.bookingReference })
      : t('digest.lineNoBooking', words);
    return [label, text.money(p.amount, p.currency)] as const;
  });
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={t('digest.preview', { total, day })}>
      <EmailHeading>{t('digest.heading', { day })}</EmailHeading>
      <EmailParagraph>{t('digest.intro', { count, day, total })}</EmailParagraph>
      <EmailFacts rows={rows} />
      <EmailNote>{t('digest.setting')}</EmailNote>
    </EmailLayout>,
  );
}
