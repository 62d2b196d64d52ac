import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { SandboxProcessor } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { IN_FLIGHT_CARDS } from '../support/in-flight-cards';
import { createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

/*
 * The measurement: a process killed among concurrent card payments
 * left payments the processor had authorised and captured recorded here as in
 * progress; the runner then abandoned them blindly, freeing the links, and a
 * second payment charged the customer twice. Here the runner asks first.
 *
 * On PostgreSQL a real child process pays and is killed with SIGKILL between
 * the processor's answer and the record. PGlite is one in-memory database per
 * process, which no child can open: there the same state is made in-process
 * by an authorise that answers the processor's truth to no one (the caller
 * never continues, so nothing is recorded), which is what the kill leaves.
 */
const database = withTestDatabase();
afterEach(() => vi.restoreAllMocks());

const PAYMENTS = 12;

/** Pays every link in a child process and kills it (SIGKILL) once the processor has answered all of them. */
async function payInChildAndKill(links: string[]): Promise<string[]> {
  const url = database.url()!;
  const child = spawn('npx', ['tsx', 'tests/integration/support/crash-payer.ts', url, ...links], {
    cwd: process.cwd(),
    env: { ...process.env, MODE: 'sandbox' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const authorised: string[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /^authorised (\S+)$/.exec(line);
    if (match) authorised.push(match[1]!);
    if (authorised.length === links.length) break;
  }
  child.kill('SIGKILL');
  expect(await exited, stderr).toBe('SIGKILL');
  return authorised;
}

/** The same state in this process: the processor authorises, and nothing after it runs. */
async function payInProcessAndLose(links: string[]): Promise<string[]> {
  const authorised: string[] = [];
  const original = SandboxProcessor.prototype.authorise;
  const lost = vi.spyOn(SandboxProcessor.prototype, 'authorise').mockImplementation(async function (
    this: SandboxProcessor,
    input,
  ) {
    await original.call(this, input);
    authorised.push(input.reference);
    return new Promise(() => {});
  });
  links.forEach((link, index) => void pay(link, IN_FLIGHT_CARDS[index % IN_FLIGHT_CARDS.length]));
  await vi.waitFor(() => expect(authorised).toHaveLength(links.length), { timeout: 20_000, interval: 50 });
  lost.mockRestore();
  return authorised;
}

describe('a process killed between the processor answer and the record', () => {
  it('is recovered to the processor truth: COMPLETE, link paid, no second charge', { timeout: 120_000 }, async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const links = await Promise.all(
      Array.from({ length: PAYMENTS }, () => createLinkVia(admin.token, parentId, { amount: 5000 })),
    );
    const ids =
      database.current().kind === 'postgres' ? await payInChildAndKill(links) : await payInProcessAndLose(links);
    expect(ids).toHaveLength(PAYMENTS);

    // What the crash left: the processor took every payment, we recorded none.
    const left = await db.select().from(transactions).where(inArray(transactions.id, ids));
    expect(left.map((t) => `${t.status}/${t.stage}`)).toEqual(Array(PAYMENTS).fill('PAYMENTINPROGRESS/authorising'));
    expect(
      await db.select().from(sandboxProcessorOperations).where(inArray(sandboxProcessorOperations.idempotencyKey, ids)),
    ).toHaveLength(PAYMENTS);
    // Meanwhile the links stay locked.
    await expect(pay(links[0]!)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });

    try {
      await advanceClock(db, { seconds: 31 * 60 });
      await runUntilIdle(db);
    } finally {
      await resetClock(db);
    }
    const recovered = await db.select().from(transactions).where(inArray(transactions.id, ids));
    expect(recovered.map((t) => t.status)).toEqual(Array(PAYMENTS).fill('COMPLETE'));
    for (const link of links) await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.already_paid' });
    // Exactly one charge per link at the processor.
    const linkTransactions = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(inArray(transactions.paymentLinkId, links));
    const charges = await db
      .select()
      .from(sandboxProcessorOperations)
      .where(
        and(
          inArray(
            sandboxProcessorOperations.idempotencyKey,
            linkTransactions.map((t) => t.id),
          ),
          eq(sandboxProcessorOperations.kind, 'authorise'),
        ),
      );
    expect(charges).toHaveLength(PAYMENTS);
  });
});
