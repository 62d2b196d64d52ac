import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailFacts, EmailHeading, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { renderEmail, type RenderedEmail } from './render-email';

export type PaymentLinkEmail = {
  customerName: string | null;
  amount: number;
  currency: string;
  description: string | null;
  bookingReference: string | null;
  expiresAt: Date;
  url: string;
};

/** A plain payment link sent by the organisation (POST /agent/payment-links/{id}/send): how much, for what, until when. */
export function paymentLinkEmail(brand: EmailBrand, text: EmailText, input: PaymentLinkEmail): Promise<RenderedEmail> {
  const { t } = text;
  const amount = text.money(input.amount, input.currency);
  const subject = t('paymentLink.subject', { organisation: brand.name, amount });
  const facts: [string, string][] = [[t('amount'), amount]];
  if (input.description) facts.push([t('paymentLink.description'), input.description]);
  if (input.bookingReference) facts.push([t('bookingReference'), input.bookingReference]);
  facts.push([t('paymentLink.expires'), text.date(input.expiresAt)]);
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={t('paymentLink.preview', { amount })}>
      <EmailHeading>{t('paymentLink.heading')}</EmailHeading>
      {input.customerName && <EmailParagraph>{t('greeting', { name: input.customerName })}</EmailParagraph>}
      <EmailParagraph>{t('paymentLink.asks', { organisation: brand.name, amount })}</EmailParagraph>
      <EmailFacts rows={facts} />
      <EmailAction brand={brand} href={input.url}>
        {t('paymentLink.action', { amount })}
      </EmailAction>
    </EmailLayout>,
  );
}
