import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailHeading, EmailNote, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { renderEmail, type RenderedEmail } from './render-email';

export type StaffSignInEmail = { userName: string; url: string; expiresAt: Date; invited: boolean };

/** A back-office user's one-time sign-in link (docs/dashboard.md); an invitation says so first. */
export function staffSignInEmail(brand: EmailBrand, text: EmailText, input: StaffSignInEmail): Promise<RenderedEmail> {
  const { t } = text;
  const organisation = brand.name;
  const subject = input.invited
    ? t('staffSignIn.inviteSubject', { organisation })
    : t('staffSignIn.subject', { organisation });
  const intro = input.invited
    ? t('staffSignIn.inviteIntro', { organisation })
    : t('staffSignIn.intro', { organisation });
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={intro}>
      <EmailHeading>{t('staffSignIn.heading')}</EmailHeading>
      <EmailParagraph>{t('greeting', { name: input.userName })}</EmailParagraph>
      <EmailParagraph>{intro}</EmailParagraph>
      <EmailAction brand={brand} href={input.url}>
        {t('staffSignIn.action')}
      </EmailAction>
      <EmailNote>{t('staffSignIn.expires', { time: text.dateTime(input.expiresAt) })}</EmailNote>
      <EmailNote>{t('staffSignIn.notYou')}</EmailNote>
    </EmailLayout>,
  );
}
