import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailFacts, EmailHeading, EmailNote, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { renderEmail, type RenderedEmail } from './render-email';

export type ApprovalEmail = {
  customerName: string;
  bookingReference: string;
  payments: { amount: number; currency: string; date: Date }[];
  url: string;
  expiresAt: Date;
};

/** The customer's link to approve or decline the booking's scheduled payments: each payment, its date, the link. */
export function approvalEmail(brand: EmailBrand, text: EmailText, input: ApprovalEmail): Promise<RenderedEmail> {
  const { t } = text;
  const organisation = brand.name;
  const booking = input.bookingReference;
  const subject = t('approval.subject', { organisation, booking });
  const rows = input.payments.map(
    (p, i) =>
      [
        String(i + 1),
        t('approval.line', { amount: text.money(p.amount, p.currency), date: text.date(p.date) }),
      ] as const,
  );
  return renderEmail(
    subject,
    <EmailLayout
      brand={brand}
      text={text}
      title={subject}
      preview={t('approval.preview', { count: input.payments.length })}
    >
      <EmailHeading>{t('approval.heading')}</EmailHeading>
      <EmailParagraph>{t('greeting', { name: input.customerName })}</EmailParagraph>
      <EmailParagraph>{t('approval.intro', { organisation, booking })}</EmailParagraph>
      <EmailFacts rows={rows} />
      <EmailAction brand={brand} href={input.url}>
        {t('approval.action')}
      </EmailAction>
      <EmailNote>{t('approval.expires', { date: text.date(input.expiresAt) })}</EmailNote>
    </EmailLayout>,
  );
}
