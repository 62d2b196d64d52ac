import { formatMoney } from '@/lib/money';

export type AlertKind = 'due_soon' | 'missed' | 'charge_failed';

/** One member's instalment an alert is about. */
export type AlertLine = {
  memberId: string;
  memberName: string;
  amount: number;
  currency: string;
  dueAt: Date | null;
  /** Collected automatically from the member's saved card on the due date. */
  autoCollect?: boolean;
  /** charge_failed: why the automatic charge was not taken. */
  failure?: string;
};

type Context = {
  organisationName: string;
  groupName: string | null;
  bookingReference: string;
  groupId: string;
  audience: 'leader' | 'organisation';
  /** The leader's portal address (only in the leader's email: it carries their access token). */
  portalUrl?: string;
};

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : 'no date');

const headline: Record<AlertKind, (n: number) => string> = {
  due_soon: (n) => `${n === 1 ? 'an instalment falls' : `${n} instalments fall`} due within 3 days`,
  missed: (n) => `${n === 1 ? 'an instalment was' : `${n} instalments were`} missed`,
  charge_failed: (n) => `${n === 1 ? 'an automatic charge' : `${n} automatic charges`} failed`,
};

const intro: Record<AlertKind, string> = {
  due_soon: 'These instalments fall due within 3 days and are not paid yet:',
  missed: 'These instalments were not paid by their due date; the members are now overdue:',
  charge_failed:
    "These instalments were to be collected automatically from the member's saved card, but the charge failed. Nothing was taken; the member needs to pay through their payment link:",
};

/** The alert email (plain text, as the organisation's other alerts) to the leader or to the organisation user. */
export function groupAlertEmail(
  kind: AlertKind,
  lines: AlertLine[],
  context: Context,
): { subject: string; text: string } {
  const trip = context.groupName
    ? `${context.groupName} (booking ${context.bookingReference})`
    : `booking ${context.bookingReference}`;
  const subject = `${context.organisationName}: ${trip}: ${headline[kind](lines.length)}`;
  const items = lines.map((line) => {
    const note =
      kind === 'charge_failed'
        ? ` (${line.failure ?? 'declined'})`
        : line.autoCollect && kind === 'due_soon'
          ? ' (to be collected automatically)'
          : '';
    return `- ${line.memberName}: ${formatMoney(line.amount, line.currency)} due ${day(line.dueAt)}${note}`;
  });
  const where =
    context.audience === 'leader'
      ? context.portalUrl
        ? `Your group page: ${context.portalUrl}`
        : ''
      : `Group payment link: ${context.groupId}`;
  const text = [`Group payment ${trip}.`, '', intro[kind], ...items, '', where]
    .filter((line, i, all) => !(line === '' && i === all.length - 1))
    .join('\n');
  return { subject, text };
}
