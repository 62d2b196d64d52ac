import type { SendLinksResult } from '@/lib/core/groups/send-group-links';

/*
 * What "send links" did for each member (the API's send-links answer: `sent`, and `skipped` with a reason), carried
 * by the action's 303 to the group's page, which names the members. Only codes travel in the address: each member
 * as the last 12 hex digits of their id (the random part of a v4 or v7 UUID, unique within one group in practice),
 * with the reason's code; never a name or an address. At most MAX_LISTED a list; the page counts the rest.
 */
export const skipReasons = ['paid', 'no_email', 'awaiting_approval', 'rate_limited', 'auto_collect'] as const;
export type SkipReason = (typeof skipReasons)[number];

const MAX_LISTED = 100;
const tag = (id: string) => id.replace(/-/g, '').slice(-12).toLowerCase();

/** The 303's query besides `result`: `sent=tag,tag&skipped=tag.reason,...&total=n`. */
export function sendOutcomeQuery(result: SendLinksResult): Record<string, string> {
  return {
    sent: result.sent
      .slice(0, MAX_LISTED)
      .map((item) => tag(item.member_id))
      .join(','),
    skipped: result.skipped
      .slice(0, MAX_LISTED)
      .map((item) => `${tag(item.member_id)}.${item.reason}`)
      .join(','),
    total: String(result.sent.length + result.skipped.length),
  };
}

export type SendOutcome<M> = { sent: M[]; skipped: { member: M; reason: SkipReason }[]; unlisted: number };

/** The members the query names, in the group's order; null when the query names no send (any other visit). */
export function readSendOutcome<M extends { id: string }>(
  query: { sent?: string; skipped?: string; total?: string },
  members: readonly M[],
): SendOutcome<M> | null {
  if (query.sent === undefined && query.skipped === undefined) return null;
  const sent = new Set((query.sent ?? '').split(',').filter((item) => /^[0-9a-f]{12}$/.test(item)));
  const skipped = new Map<string, SkipReason>();
  for (const item of (query.skipped ?? '').split(',')) {
    const [id, reason] = item.split('.');
    if (id && /^[0-9a-f]{12}$/.test(id) && (skipReasons as readonly string[]).includes(reason ?? ''))
      skipped.set(id, reason as SkipReason);
  }
  const outcome: SendOutcome<M> = { sent: [], skipped: [], unlisted: 0 };
  for (const member of members) {
    const reason = skipped.get(tag(member.id));
    if (sent.has(tag(member.id))) outcome.sent.push(member);
    else if (reason) outcome.skipped.push({ member, reason });
  }
  const total = Math.min(Number.parseInt(query.total ?? '0', 10) || 0, 100_000);
  outcome.unlisted = Math.max(0, total - outcome.sent.length - outcome.skipped.length);
  return outcome;
}
