import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailHeading, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { renderEmail, type RenderedEmail } from './render-email';

export type GroupAlertKind = 'due_soon' | 'missed' | 'charge_failed';

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
    /** charge_failed: the processor's reason, for the staff who read it. */
    failure?: string;
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
  const items = input.lines.map((line) => {
    const amount = text.money(line.amount, line.currency);
    const base = line.dueAt
      ? t('groupAlert.line', { member: line.memberName, amount, date: text.date(line.dueAt) })
      : t('groupAlert.lineNoDate', { member: line.memberName, amount });
    const note =
      input.kind === 'charge_failed'
        ? ` (${line.failure ?? 'declined'})`
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
