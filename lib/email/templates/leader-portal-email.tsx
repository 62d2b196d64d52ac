import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailHeading, EmailNote, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { renderEmail, type RenderedEmail } from './render-email';

export type LeaderPortalEmail = { leadName: string; bookingReference: string; groupName: string | null; url: string };

/** A new group's leader gets their portal address (it carries their access token: it goes to lead_email only). */
export function leaderPortalEmail(
  brand: EmailBrand,
  text: EmailText,
  input: LeaderPortalEmail,
): Promise<RenderedEmail> {
  const { t } = text;
  const trip = input.groupName
    ? t('memberLink.tripNamed', { group: input.groupName, booking: input.bookingReference })
    : t('memberLink.trip', { booking: input.bookingReference });
  const subject = t('leaderPortal.subject', { organisation: brand.name, booking: input.bookingReference });
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={t('leaderPortal.preview')}>
      <EmailHeading>{t('leaderPortal.heading')}</EmailHeading>
      <EmailParagraph>{t('greeting', { name: input.leadName })}</EmailParagraph>
      <EmailParagraph>{t('leaderPortal.body', { organisation: brand.name, trip })}</EmailParagraph>
      <EmailAction brand={brand} href={input.url}>
        {t('leaderPortal.action')}
      </EmailAction>
      <EmailNote>{t('leaderPortal.keep')}</EmailNote>
    </EmailLayout>,
  );
}
