import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailFacts, EmailHeading, EmailNote, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';
import { renderEmail, type RenderedEmail } from './render-email';

export type MemberReminder = {
  kind: 'due_soon' | 'missed';
  bookingReference: string;
  groupName: string | null;
  memberName: string;
  amount: number;
  currency: string;
  dueAt: Date;
  url: string;
  /** The stored card that will collect this instalment on its due date (automatic collection), if one will. */
  collectedFrom: { brand: string; lastFour: string } | null;
};

/**
 * A member's own reminder (docs/groups.md "Reminders to members"): an instalment falls due soon, or was missed.
 * An instalment that will be collected from the member's stored card says so and asks nothing of them.
 */
export function memberReminderEmail(brand: EmailBrand, text: EmailText, input: MemberReminder): Promise<RenderedEmail> {
  const { t } = text;
  const amount = text.money(input.amount, input.currency);
  const due = text.date(input.dueAt);
  const trip = input.groupName
    ? t('memberLink.tripNamed', { group: input.groupName, booking: input.bookingReference })
    : t('memberLink.trip', { booking: input.bookingReference });
  const words = { organisation: brand.name, amount, due, trip };
  const auto = input.kind === 'due_soon' ? input.collectedFrom : null;
  const subject = auto
    ? t('reminder.autoSubject', words)
    : t(input.kind === 'due_soon' ? 'reminder.dueSubject' : 'reminder.missedSubject', words);
  const facts: [string, string][] = [
    [t('amount'), amount],
    [t('dueDate'), due],
    [t('bookingReference'), input.bookingReference],
  ];
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={t('reminder.preview', { amount, due })}>
      <EmailHeading>
        {t(
          auto ? 'reminder.autoHeading' : input.kind === 'due_soon' ? 'reminder.dueHeading' : 'reminder.missedHeading',
        )}
      </EmailHeading>
      <EmailParagraph>{t('greeting', { name: input.memberName })}</EmailParagraph>
      {auto ? (
        <EmailParagraph>
          {t('reminder.autoBody', {
            ...words,
            card: t('reminder.autoCard', { brand: cardBrandName(auto.brand), lastFour: auto.lastFour }),
          })}
        </EmailParagraph>
      ) : (
        <EmailParagraph>
          {t(input.kind === 'due_soon' ? 'reminder.dueBody' : 'reminder.missedBody', words)}
        </EmailParagraph>
      )}
      <EmailFacts rows={facts} />
      {auto && <EmailNote>{t('reminder.autoNote')}</EmailNote>}
      <EmailAction brand={brand} href={input.url}>
        {auto ? t('reminder.autoAction') : t('reminder.action', { amount })}
      </EmailAction>
    </EmailLayout>,
  );
}
