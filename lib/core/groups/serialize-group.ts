import type { GroupHeaderRow, MemberLinkRow } from './load-group';

export type MemberStatus = 'paid' | 'outstanding' | 'overdue';
export type GroupLink = {
  id: string;
  amount: number;
  currency: string;
  status: 'paid' | 'active' | 'expired';
  paid: boolean;
  due_at: string | null;
  installment_sequence: number | null;
  created_at: string;
};
export type GroupMember = {
  id: string;
  customer_name: string;
  email: string | null;
  amount: number;
  paid_amount: number;
  remaining: number;
  status: MemberStatus;
  next_due_at: string | null;
  auto_collect: boolean;
  /** Extension (docs/groups.md, "Limits"): added by the leader in the portal, and when the organisation approved emailing them. */
  added_by_leader: boolean;
  approved_at: string | null;
  payment_links: GroupLink[];
};

const isoOf = (value: Date | string | number) => new Date(value).toISOString();

/** The members of a group from its flat member × link rows (ordered by member), with paid, remaining and status. */
export function serializeMembers(rows: readonly MemberLinkRow[], at: Date): GroupMember[] {
  const nowMs = at.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const members: GroupMember[] = [];
  let current: GroupMember | undefined;
  let overdue = false;
  let nextDue: number | null = null;
  const finish = () => {
    if (!current) return;
    current.next_due_at = nextDue === null ? null : iso(nextDue);
    current.remaining = current.amount - current.paid_amount;
    current.status = current.remaining <= 0 ? 'paid' : overdue ? 'overdue' : 'outstanding';
  };
  for (const row of rows) {
    if (current?.id !== row.member_id) {
      finish();
      overdue = false;
      nextDue = null;
      current = {
        id: row.member_id,
        customer_name: row.customer_name,
        email: row.email,
        amount: Number(row.member_amount),
        paid_amount: 0,
        remaining: 0,
        status: 'outstanding',
        next_due_at: null,
        auto_collect: row.auto_collect,
        added_by_leader: row.added_by_leader,
        approved_at: row.approved_at === null ? null : iso(Number(row.approved_at)),
        payment_links: [],
      };
      members.push(current);
    }
    if (!row.link_id) continue;
    const paid = Boolean(row.paid);
    const amount = Number(row.amount);
    const dueAt = row.due_at;
    if (paid) current.paid_amount += amount;
    else if (dueAt !== null) {
      if (dueAt <= nowMs) overdue = true;
      if (nextDue === null || dueAt < nextDue) nextDue = dueAt;
    }
    current.payment_links.push({
      id: row.link_id,
      amount,
      currency: row.currency!,
      paid,
      status: paid ? 'paid' : row.expires_at! <= nowMs ? 'expired' : 'active',
      due_at: dueAt === null ? null : iso(dueAt),
      installment_sequence: row.instalment_sequence,
      created_at: iso(row.created_at!),
    });
  }
  finish();
  return members;
}

/** The group's totals: members by status (`outstanding` excludes `overdue`), amounts (outstanding = total − paid). */
export function groupTotals(members: readonly Pick<GroupMember, 'status' | 'amount' | 'paid_amount'>[]) {
  const count = (status: MemberStatus) => members.filter((m) => m.status === status).length;
  const total = members.reduce((sum, m) => sum + m.amount, 0);
  const paid = members.reduce((sum, m) => sum + m.paid_amount, 0);
  return {
    members: {
      total: members.length,
      paid: count('paid'),
      outstanding: count('outstanding'),
      overdue: count('overdue'),
    },
    amounts: { total, paid, outstanding: total - paid },
  };
}

/** The Group payment link resource of service-interface.md (plus each instalment's `total` across members). */
export function serializeGroup(header: GroupHeaderRow, members: GroupMember[], portalUrl: string) {
  const instalments = header.instalments ?? [];
  const totalsBySequence = new Map<number, number>();
  for (const member of members) {
    for (const link of member.payment_links) {
      if (link.installment_sequence !== null)
        totalsBySequence.set(
          link.installment_sequence,
          (totalsBySequence.get(link.installment_sequence) ?? 0) + link.amount,
        );
    }
  }
  return {
    id: header.id,
    name: header.name,
    lead_name: header.lead_name,
    lead_email: header.lead_email,
    currency: header.currency,
    status: header.status,
    description: header.description,
    members_locked: header.members_locked,
    installments_locked: header.installments_locked,
    portal_url: portalUrl,
    booking: {
      id: header.booking_id,
      booking_reference: header.booking_reference,
      gross_amount: header.gross_amount === null ? null : Number(header.gross_amount),
    },
    organisation: { id: header.organisation_id, name: header.organisation_name },
    installments: instalments.map((i) => ({
      id: i.id,
      sequence: i.sequence,
      amount: Number(i.amount),
      due_at: isoOf(i.due_at),
      total: totalsBySequence.get(i.sequence) ?? 0,
    })),
    members,
    totals: groupTotals(members),
    expires_at: isoOf(header.link_expires_at),
    created_at: isoOf(header.created_at),
  };
}

export type GroupResource = ReturnType<typeof serializeGroup>;
