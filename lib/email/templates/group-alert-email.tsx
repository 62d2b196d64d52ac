import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailHeading, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import type { ScheduledFailureCause } from './organisation-alert';
import { alertTranslator } from './organisation-alert-email';
import { renderEmail, type RenderedEmail } from './render-email';

export type GroupAlertKind = 'due_soon' | 'missed' | 'charge_failed';

/** Why an automatic charge failed: the runner's cause (worded in the reader's language) and the processor's code. */
export type ChargeFailure = { cause: ScheduledFailureCause; reason: string; attempts: number };

export type GroupAlertEmail = {
  kind: GroupAlertKind;
  groupName: string | null;
  bookingReference: string;
  groupId: string;
  lines: {
    memberName: string;
    amount: number;
    currency: string;
    dueAt: Date | null;
    autoCollect?: boolean;
    /** charge_failed: why, for the staff who read it. */
    failure?: ChargeFailure;
  }[];
  /** The leader's portal address (only in the leader's email: it carries their access token). */
  portalUrl?: string;
};

/** A group alert (due soon, missed, automatic charge failed) to the leader or to the organisation user. */
export function groupAlertEmail(brand: EmailBrand, text: EmailText, input: GroupAlertEmail): Promise<RenderedEmail> {
  const { t } = text;
  const booking = input.bookingReference;
  const trip = input.groupName
    ? t('groupAlert.tripNamed', { group: input.groupName, booking })
    : t('groupAlert.trip', { booking });
  const headline = t(`groupAlert.headline.${input.kind}`, { count: input.lines.length });
  const subject = t('groupAlert.subject', { organisation: brand.name, trip, headline });
  const a = alertTranslator(text);
  const failure = (why: ChargeFailure | undefined) =>
    why ? `${a(`cause.${why.cause}`, { attempts: why.attempts })}: ${why.reason}` : a('cause.declined');
  const items = input.lines.map((line) => {
    const amount = text.money(line.amount, line.currency);
    const base = line.dueAt
      ? t('groupAlert.line', { member: line.memberName, amount, date: text.date(line.dueAt) })
      : t('groupAlert.lineNoDate', { member: line.memberName, amount });
    const note =
      input.kind === 'charge_failed'
        ? ` (${failure(line.failure)})`
        : line.autoCollect && input.kind === 'due_soon'
          ? ` (${t('groupAlert.autoCollect')})`
          : '';
    return base + note;
  });
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={headline}>
      <EmailHeading>{trip}</EmailHeading>
      <EmailParagraph>{t(`groupAlert.intro.${input.kind}`)}</EmailParagraph>
      <ul style={{ fontSize: '16px', lineHeight: '24px', margin: '8px 0 16px', paddingInlineStart: '24px' }}>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
      {input.portalUrl ? (
        <EmailAction brand={brand} href={input.portalUrl}>
          {t('groupAlert.action')}
        </EmailAction>
      ) : (
        <EmailParagraph>{t('groupAlert.groupId', { id: input.groupId })}</EmailParagraph>
      )}
    </EmailLayout>,
  );
}
