import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailFacts, EmailHeading, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { renderEmail, type RenderedEmail } from './render-email';

export type MemberLinkEmail = {
  bookingReference: string;
  groupName: string | null;
  memberName: string;
  amount: number;
  currency: string;
  dueAt: Date | null;
  url: string;
};

/** A group member's link to their next instalment (send-links): who asks, for which trip, how much, by when. */
export function memberLinkEmail(brand: EmailBrand, text: EmailText, input: MemberLinkEmail): Promise<RenderedEmail> {
  const { t } = text;
  const amount = text.money(input.amount, input.currency);
  const due = input.dueAt ? text.date(input.dueAt) : null;
  const trip = input.groupName
    ? t('memberLink.tripNamed', { group: input.groupName, booking: input.bookingReference })
    : t('memberLink.trip', { booking: input.bookingReference });
  const subject = due
    ? t('memberLink.subjectDue', { organisation: brand.name, booking: input.bookingReference, due })
    : t('memberLink.subject', { organisation: brand.name, booking: input.bookingReference });
  const facts: [string, string][] = [[t('amount'), amount]];
  if (due) facts.push([t('dueDate'), due]);
  facts.push([t('bookingReference'), input.bookingReference]);
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={t('memberLink.preview', { amount })}>
      <EmailHeading>{t('memberLink.heading')}</EmailHeading>
      <EmailParagraph>{t('greeting', { name: input.memberName })}</EmailParagraph>
      <EmailParagraph>{t('memberLink.asks', { organisation: brand.name, trip })}</EmailParagraph>
      <EmailFacts rows={facts} />
      <EmailAction brand={brand} href={input.url}>
        {t('memberLink.action', { amount })}
      </EmailAction>
    </EmailLayout>,
  );
}
