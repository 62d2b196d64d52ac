import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailFacts, EmailHeading, EmailNote, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';
import { renderEmail, type RenderedEmail } from './render-email';

/** One completed payment as the organisation's notices show it. */
export type NoticePayment = {
  /**
   * The payment's short reference as the payer's receipt shows it ("7K3M-QX9D": transactions.short_reference,
   * formatted), so staff find the payment a customer quotes; never the transaction's UUID.
   */
  reference: string;
  amount: number;
  currency: string;
  completedAt: Date;
  bookingReference: string | null;
  payer: string | null;
  cardBrand: string | null;
  cardLastFour: string | null;
};

/** How it was paid: the card by its brand's name and last four, or a bank payment. */
export function paidBy(text: EmailText, payment: NoticePayment): string {
  return payment.cardLastFour
    ? text.t('notice.card', { brand: cardBrandName(payment.cardBrand), lastFour: payment.cardLastFour })
    : text.t('notice.bank');
}

/** The organisation's notice of one payment (setting merchant_notices = each_payment). */
export function paymentNoticeEmail(brand: EmailBrand, text: EmailText, payment: NoticePayment): Promise<RenderedEmail> {
  const { t } = text;
  const amount = text.money(payment.amount, payment.currency);
  const paidAt = text.dateTime(payment.completedAt);
  const subject = payment.bookingReference
    ? t('notice.subjectBooking', { organisation: brand.name, amount, booking: payment.bookingReference })
    : t('notice.subject', { organisation: brand.name, amount });
  const facts: [string, string][] = [[t('amount'), amount]];
  if (payment.bookingReference) facts.push([t('bookingReference'), payment.bookingReference]);
  if (payment.payer) facts.push([t('notice.payer'), payment.payer]);
  facts.push(
    [t('notice.method'), paidBy(text, payment)],
    [t('notice.paidAt'), paidAt],
    [t('notice.reference'), payment.reference],
  );
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={t('notice.preview', { amount, paidAt })}>
      <EmailHeading>{t('notice.heading')}</EmailHeading>
      <EmailParagraph>{t('notice.intro')}</EmailParagraph>
      <EmailFacts rows={facts} />
      <EmailNote>{t('notice.setting')}</EmailNote>
    </EmailLayout>,
  );
}
