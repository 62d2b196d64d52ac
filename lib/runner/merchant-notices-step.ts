import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import {
  digestKey,
  noticePaymentColumns,
  noticePaymentJoins,
  sendDailyDigest,
  sendPaymentNotice,
  type NoticeOrganisation,
} from '@/lib/core/notices/payment-notices';

/** A payment completed longer ago than this gets no notice (turning the setting on does not mail the past). */
export const NOTICE_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** The scan reads payments created this far back at most (the transactions_status_created_idx range). */
const CREATED_LOOKBACK_MS = 30 * 24 * 60 * 60 * 1000;

/** The London calendar day (YYYY-MM-DD) before the one `at` falls in: the day a digest sent at `at` covers. */
export function londonYesterday(at: Date): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', dateStyle: 'short' }).format(at);
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - 1)).toISOString().slice(0, 10);
}

/**
 * The organisation's notices of its payments (docs/groups.md "Notices to the organisation"), by its
 * `merchant_notices` setting: `each_payment`, one email per COMPLETE payment completed in the last 24 hours with
 * no notice yet; `daily_digest`, from the first pass of each London day, one email of the day before. Each is
 * claimed in SQL (organisation_notices' unique key) in the transaction that queues it, so any number of runners
 * send each exactly once. Nothing is read for organisations with the setting off. Answers the notices sent.
 */
export async function runMerchantNotices(db: Db, limit = 200): Promise<number> {
  const orgs = await queryRows<NoticeOrganisation & { mode: string }>(
    db,
    sql`select id, name, image, settings, settings->>'merchant_notices' as mode from organisations
    where deleted_at is null and settings->>'merchant_notices' in ('each_payment', 'daily_digest')`,
  );
  if (orgs.length === 0) return 0;
  const at = now();
  let sent = 0;
  const each = new Map(orgs.filter((o) => o.mode === 'each_payment').map((o) => [o.id, o]));
  if (each.size > 0) {
    const rows = await queryRows<Parameters<typeof sendPaymentNotice>[2] & { organisation_id: string }>(
      db,
      sql`
      select t.organisation_id, ${noticePaymentColumns}
      from transactions t ${noticePaymentJoins}
      where t.status = 'COMPLETE' and t.created_at > ${new Date(at.getTime() - CREATED_LOOKBACK_MS).toISOString()}::timestamptz
        and t.completed_at > ${new Date(at.getTime() - NOTICE_LOOKBACK_MS).toISOString()}::timestamptz
        and t.organisation_id in (${sql.join(
          [...each.keys()].map((id) => sql`${id}`),
          sql`, `,
        )})
        and not exists (select 1 from organisation_notices n where n.dedupe_key = 'payment:' || t.id::text)
      order by t.completed_at, t.id
      limit ${limit}`,
    );
    for (const row of rows) if (await sendPaymentNotice(db, each.get(row.organisation_id)!, row)) sent += 1;
  }
  const day = londonYesterday(at);
  const digests = orgs.filter((o) => o.mode === 'daily_digest');
  if (digests.length > 0) {
    const done = await queryRows<{ dedupe_key: string }>(
      db,
      sql`select dedupe_key from organisation_notices where dedupe_key in (${sql.join(
        digests.map((o) => sql`${digestKey(o.id, day)}`),
        sql`, `,
      )})`,
    );
    const claimed = new Set(done.map((r) => r.dedupe_key));
    for (const org of digests) {
      if (!claimed.has(digestKey(org.id, day)) && (await sendDailyDigest(db, org, day))) sent += 1;
    }
  }
  return sent;
}
