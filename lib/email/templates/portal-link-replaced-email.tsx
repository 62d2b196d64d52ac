import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailHeading, EmailNote, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { renderEmail, type RenderedEmail } from './render-email';

export type PortalLinkReplacedEmail = { groupName: string | null; leadName: string; url: string; expiresAt: Date };

/** The group leader's new portal link after a rotation: earlier links are dead, this one works until its date. */
export function portalLinkReplacedEmail(
  brand: EmailBrand,
  text: EmailText,
  input: PortalLinkReplacedEmail,
): Promise<RenderedEmail> {
  const { t } = text;
  const organisation = brand.name;
  const trip = input.groupName ?? t('portalLinkReplaced.yourGroup');
  const subject = t('portalLinkReplaced.subject', { organisation, trip });
  const intro = t('portalLinkReplaced.intro', { organisation, trip });
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={intro}>
      <EmailHeading>{t('portalLinkReplaced.heading')}</EmailHeading>
      <EmailParagraph>{t('greeting', { name: input.leadName })}</EmailParagraph>
      <EmailParagraph>{intro}</EmailParagraph>
      <EmailAction brand={brand} href={input.url}>
        {t('portalLinkReplaced.action')}
      </EmailAction>
      <EmailNote>{t('portalLinkReplaced.expires', { date: text.date(input.expiresAt) })}</EmailNote>
    </EmailLayout>,
  );
}
