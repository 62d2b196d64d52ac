import { formatWithOptions } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadActor } from '@/lib/auth/actor';
import { createCustomer } from '@/lib/core/customers/customers';
import { getDb } from '@/lib/db/client';
import { guardConsole } from '@/lib/http/console-guard';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * Issue 16 item 17: a Drizzle query error's message carries every bound parameter, and a
 * driver's error may quote a value. Real query errors (unique violations on an index this
 * test adds, so the service's own statements fail as a constraint would make them) go
 * through real code paths; everything the console is given is captured as Node would print
 * it, and no parameter may be in it.
 */

/** Everything written to the console while `run` runs, formatted as Node's console formats it. */
async function captureLog(run: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const spies = (['error', 'warn', 'info', 'log', 'debug'] as const).map((name) =>
    vi.spyOn(console, name).mockImplementation((...args: unknown[]) => {
      lines.push(formatWithOptions({ depth: 10 }, ...args));
    }),
  );
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join('\n');
}

describe('a query error’s parameters never reach the log', () => {
  afterEach(async () => {
    const db = await getDb();
    await db.execute(sql`drop index if exists log_test_one_card`);
    await db.execute(sql`drop index if exists log_test_one_email`);
  });

  it('a card payment whose answer cannot be recorded (unique violation on the holder): the log names the error, not the holder, BIN or last four', async () => {
    const { admin, parentId } = await createTenant('LogCard');
    const first = await createLinkVia(admin.token, parentId);
    const holder = {
      kind: 'card',
      number: '5555 5555 5555 4444',
      expiryMonth: 12,
      expiryYear: 2034,
      cvc: '123',
      holderName: 'Zebedee Quillfeather',
    } as const;
    expect((await pay(first, '5555 5555 5555 4444', { method: holder })).outcome).toBe('paid');
    const db = await getDb();
    // The next payment by this holder cannot be recorded: the answer's UPDATE carries the holder's name, the BIN and the
    // last four (the attempt's own INSERT carries the BIN and last four but no name, so it goes through: card-testing.ts).
    await db.execute(sql`create unique index log_test_one_holder on transactions (cardholder_name)`);
    const second = await createLinkVia(admin.token, parentId, { email: 'zebedee.quillfeather@example.com' });
    let outcome: unknown;
    const log = await captureLog(async () => {
      outcome = await pay(second, '5555 5555 5555 4444', { method: holder });
    });
    // The real path ran: the answer could not be recorded, the payment is left for the runner, and that was logged.
    expect(outcome).toMatchObject({ outcome: 'unsettled' });
    expect(log).toContain('processor outcome unknown; payment left unsettled');
    for (const secret of ['Zebedee', 'Quillfeather', '555555', '4444', 'zebedee.quillfeather'])
      expect(log, secret).not.toContain(secret);
    // What it does say: the kind of error, its SQLSTATE (a unique violation) and where it was thrown.
    expect(log).toContain('"code":"23505"');
  });

  it('an error Next.js would log itself (thrown out of a service call) is logged as its safe description once the console is guarded', async () => {
    const { admin, parentId } = await createTenant('LogThrown');
    const db = await getDb();
    await db.execute(sql`create unique index log_test_one_email on customers (email)`);
    const actor = (await loadActor(db, admin.apiKeyId))!;
    const input = {
      organisation: parentId,
      customer_name: 'Philippa Featherstonehaugh',
      email: 'philippa.f@example.com',
    };
    await createCustomer(db, actor, input);
    const thrown = await createCustomer(db, actor, input).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Error);
    // Unguarded, this is what Next.js's console.error(error) would print: the name and the email.
    expect(formatWithOptions({ depth: 10 }, thrown)).toContain('philippa.f@example.com');

    const written: string[] = [];
    const sink = {
      error: (...args: unknown[]) => {
        written.push(formatWithOptions({ depth: 10 }, ...args));
      },
    };
    guardConsole(sink);
    sink.error('⨯', thrown);
    sink.error(`${String(thrown)}`);
    const log = written.join('\n');
    expect(log).toContain('[database error');
    expect(log).toContain('params: [withheld]');
    for (const secret of ['Philippa', 'Featherstonehaugh', 'philippa.f@example.com'])
      expect(log, secret).not.toContain(secret);

    // And through the API: a 500 whose log line is the safe description.
    const apiLog = await captureLog(async () => {
      const response = await api.put('/agent/customers', input, { token: admin.token });
      expect(response.status).toBe(500);
    });
    expect(apiLog).toContain('"code":"23505"');
    for (const secret of ['Philippa', 'Featherstonehaugh', 'philippa.f@example.com'])
      expect(apiLog, secret).not.toContain(secret);
  });
});
