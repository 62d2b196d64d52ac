import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseTarget } from '@/lib/db/open';
import { createBenchTenant } from './bench-tenant';
import { cpuMeter, latencyFigures, round, type CpuUsage } from './measure';

/*
 * "Create a payment link and take a sandbox card payment on it", through the
 * service layer in this process (no HTTP): 16 async workers, each looping
 * create link (paymentLinksResource.create) → payByCard (approved Visa), for a
 * warm-up and then a fixed time. Every payment must be 'paid' / COMPLETE, and
 * the database must hold exactly one COMPLETE transaction per payment.
 * PGlite allows one process per data folder: run this only while no server holds it.
 */
export const PAYMENT_CONCURRENCY = 16;
export const PAYMENT_SECONDS = 15;
export const PAYMENT_WARMUP_SECONDS = 2;
const LINK_AMOUNT = 25_000;

/**
 * One address per simulated customer: the card-testing rule (lib/core/payments/card-testing.ts)
 * counts attempts still in progress per IP, so 16 concurrent payments from one address would
 * pause that address after the 5th, and the bench would measure refusals.
 */
const customerIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export const APPROVED_VISA = {
  kind: 'card',
  number: '4111 1111 1111 1111',
  expiryMonth: 12,
  expiryYear: 2034,
  cvc: '123',
  holderName: 'Bench Payer',
} as const;

export type PaymentsResult = {
  scenario: string;
  concurrency: number;
  duration_seconds: number;
  warmup_seconds: number;
  /** Measured payments (link + pay) that finished inside the measured window. */
  payments: number;
  payments_per_second: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  latency_mean_ms: number;
  latency_max_ms: number;
  /** Split of the mean: creating the link, then paying it. */
  create_link_mean_ms: number;
  pay_mean_ms: number;
  outcomes: Record<string, number>;
  errors: number;
  warmup_payments: number;
  check: {
    /** Every payment started, warm-up included. */
    attempts: number;
    paid_outcomes: number;
    payment_links_in_database: number;
    transactions_in_database: number;
    complete_transactions: number;
    complete_amount_sum: number;
    expected_amount_sum: number;
    authorise_ledger_rows: number;
    ok: boolean;
  };
  pool_size: string | null;
  cpu: CpuUsage;
  failed: boolean;
  problems: string[];
  samples: string[];
};

type Phase = {
  latencies: number[];
  createMs: number[];
  payMs: number[];
  outcomes: Record<string, number>;
  errors: number;
  attempts: number;
};

/** Something to set up on the paying organisation first (scripts/bench/webhooks.ts: an endpoint listening to every event). */
export type PaymentsSetup = {
  label: string;
  prepare: (
    db: import('@/lib/db/types').Db,
    actor: import('@/lib/auth/actor').Actor,
    organisation: string,
  ) => Promise<void>;
};

export async function benchPayments(
  target: DatabaseTarget,
  kind: 'pglite' | 'postgres',
  setup?: PaymentsSetup,
): Promise<PaymentsResult> {
  // Imported here, after run.ts chdirs to the repository (lib/db/open finds its migrations from the working directory).
  const { openDatabase } = await import('@/lib/db/open');
  const { paymentLinksResource } = await import('@/lib/core/payment-links/payment-links');
  const { payByCard } = await import('@/lib/core/payments/pay-by-card');
  const { isSandbox } = await import('@/lib/config');
  const { queryRows } = await import('@/lib/db/query-rows');
  if (!isSandbox()) throw new Error('the payments bench needs the sandbox processor: unset MODE or set MODE=sandbox');

  const database = await openDatabase(target);
  const { db } = database;
  const problems: string[] = [];
  const samples: string[] = [];
  try {
    const organisation = `org_bench_pay_${randomBytes(4).toString('hex')}`;
    const { actor } = await createBenchTenant(db, {
      organisation,
      name: 'Bench Payments Travel',
      email: `${organisation}@bench.travel-pay.test`,
    });
    await setup?.prepare(db, actor, organisation);

    let counter = 0;
    const onePayment = async (phase: Phase) => {
      counter += 1;
      const n = counter;
      phase.attempts += 1;
      const started = performance.now();
      try {
        const input = paymentLinksResource.createSchema.parse({
          organisation,
          customer_name: `Payer ${n}`,
          email: `payer${n}@bench.travel-pay.test`,
          amount: LINK_AMOUNT,
          currency: 'GBX',
          description: `Bench payment ${n}`,
        });
        const link = await paymentLinksResource.create(db, actor, input);
        const linked = performance.now();
        const outcome = await payByCard(db, {
          checkoutId: link.id,
          method: { ...APPROVED_VISA },
          returnUrl: 'http://127.0.0.1/bench/return',
          ipAddress: customerIp(n),
        });
        const paid = performance.now();
        const label = outcome.outcome === 'paid' ? `paid/${outcome.status}` : outcome.outcome;
        phase.outcomes[label] = (phase.outcomes[label] ?? 0) + 1;
        if (label !== 'paid/COMPLETE' && samples.length < 3) samples.push(JSON.stringify(outcome).slice(0, 500));
        phase.latencies.push(paid - started);
        phase.createMs.push(linked - started);
        phase.payMs.push(paid - linked);
      } catch (error) {
        phase.errors += 1;
        if (samples.length < 3) samples.push(String((error as Error).stack ?? error).slice(0, 500));
      }
    };
    const runFor = async (seconds: number): Promise<Phase & { seconds: number }> => {
      const phase: Phase = { latencies: [], createMs: [], payMs: [], outcomes: {}, errors: 0, attempts: 0 };
      const started = performance.now();
      const deadline = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: PAYMENT_CONCURRENCY }, async () => {
          while (performance.now() < deadline) await onePayment(phase);
        }),
      );
      return { ...phase, seconds: (performance.now() - started) / 1000 };
    };

    const warmup = await runFor(PAYMENT_WARMUP_SECONDS);
    const meter = cpuMeter();
    const measured = await runFor(PAYMENT_SECONDS);
    const cpu = meter.stop();

    const attempts = warmup.attempts + measured.attempts;
    const paidOutcomes = (warmup.outcomes['paid/COMPLETE'] ?? 0) + (measured.outcomes['paid/COMPLETE'] ?? 0);
    const [row] = await queryRows<Record<string, number | string | null>>(
      db,
      sql`
      select (select count(*) from payment_links where organisation_id = ${organisation}) as links,
             (select count(*) from transactions where organisation_id = ${organisation}) as transactions,
             (select count(*) from transactions where organisation_id = ${organisation} and status = 'COMPLETE') as complete,
             (select coalesce(sum(amount), 0) from transactions where organisation_id = ${organisation} and status = 'COMPLETE') as complete_sum,
             (select count(*) from sandbox_processor_operations o join transactions t on t.provider_reference = o.provider_reference
               where t.organisation_id = ${organisation} and o.kind = 'authorise') as authorise_rows`,
    );
    const check = {
      attempts,
      paid_outcomes: paidOutcomes,
      payment_links_in_database: Number(row?.links ?? 0),
      transactions_in_database: Number(row?.transactions ?? 0),
      complete_transactions: Number(row?.complete ?? 0),
      complete_amount_sum: Number(row?.complete_sum ?? 0),
      expected_amount_sum: paidOutcomes * LINK_AMOUNT,
      authorise_ledger_rows: Number(row?.authorise_rows ?? 0),
      ok: false,
    };
    check.ok =
      paidOutcomes === attempts &&
      check.payment_links_in_database === attempts &&
      check.transactions_in_database === attempts &&
      check.complete_transactions === attempts &&
      check.authorise_ledger_rows === attempts &&
      check.complete_amount_sum === check.expected_amount_sum;

    for (const [label, phase] of [
      ['warm-up', warmup],
      ['measured', measured],
    ] as const) {
      const notPaid = Object.entries(phase.outcomes).filter(([outcome]) => outcome !== 'paid/COMPLETE');
      if (notPaid.length)
        problems.push(`${label}: outcomes other than paid/COMPLETE: ${JSON.stringify(Object.fromEntries(notPaid))}`);
      if (phase.errors) problems.push(`${label}: ${phase.errors} payments threw`);
    }
    if (measured.latencies.length === 0) problems.push('no payment completed');
    if (!check.ok) problems.push(`database check failed: ${JSON.stringify(check)}`);

    const latency = latencyFigures(measured.latencies);
    return {
      scenario: `link + card payment (service layer${setup ? `, ${setup.label}` : ''})`,
      concurrency: PAYMENT_CONCURRENCY,
      duration_seconds: round(measured.seconds),
      warmup_seconds: PAYMENT_WARMUP_SECONDS,
      payments: measured.latencies.length,
      payments_per_second: round(measured.latencies.length / measured.seconds),
      latency_p50_ms: latency.p50_ms,
      latency_p99_ms: latency.p99_ms,
      latency_mean_ms: latency.mean_ms,
      latency_max_ms: latency.max_ms,
      create_link_mean_ms: latencyFigures(measured.createMs).mean_ms,
      pay_mean_ms: latencyFigures(measured.payMs).mean_ms,
      outcomes: measured.outcomes,
      errors: measured.errors,
      warmup_payments: warmup.latencies.length,
      check,
      pool_size: kind === 'postgres' ? (process.env.DATABASE_POOL_SIZE ?? '10 (DATABASE_POOL_SIZE default)') : null,
      cpu,
      failed: problems.length > 0,
      problems,
      samples,
    };
  } finally {
    await database.close();
  }
}
