import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishCardChallenge } from '@/lib/core/payments/finish-payment';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query-rows';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/** Every text a row of any table holds, as one string per table. */
async function everyTable(): Promise<string> {
  const db = await getDb();
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  const dumps = await Promise.all(
    tables.map(async ({ table_name }) =>
      JSON.stringify(await queryRows(db, sql`select * from ${sql.identifier(table_name)}`)),
    ),
  );
  return dumps.join('\n');
}

describe('card number data', () => {
  const logged: string[] = [];
  beforeEach(() => {
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
  });
  afterEach(() => vi.restoreAllMocks());

  it('never lands in the database or the logs: only brand, last four, BIN, expiry, holder and a token', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    for (const number of Object.values(cards)) {
      const link = await createLinkVia(admin.token, parentId, {
        booking_id: bookingId,
        store_card_forced: true,
        surcharging_enabled: false,
      });
      const outcome = await pay(link, number);
      if (outcome.outcome === 'challenge')
        await finishCardChallenge(await getDb(), outcome.transactionId, { password: 'password' });
    }
    const tokens = await api.get(`/payment/booking/${bookingId}/available-tokens`, { token: admin.token });
    expect(tokens.body.data.length).toBeGreaterThan(3);
    const stored = await everyTable();
    const everything = `${stored}\n${logged.join('\n')}`;
    for (const number of Object.values(cards)) {
      const digits = number.replace(/\s/g, '');
      expect(everything, `card ${digits}`).not.toContain(digits);
      // Neither the middle digits between the BIN and the last four.
      expect(everything, `card ${digits} middle`).not.toContain(digits.slice(6, -4) + digits.slice(-4));
    }
    expect(stored).not.toMatch(/"cvc"|"123"/);
    expect(stored).toContain('41111111');
  });
});
