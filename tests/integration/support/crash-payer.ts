/**
 * A payer process for the crash test (tests/integration/payments/crash-recovery.test.ts):
 * `npx tsx tests/integration/support/crash-payer.ts <postgres-url> <link-id>...`
 * pays every link at once (IN_FLIGHT_CARDS in turn), the way the hosted page does.
 * When the processor has answered a payment, and before the answer is recorded,
 * it prints `authorised <transaction id>` and stops there, so the test can kill
 * it with SIGKILL at exactly the moment a crash loses a payment.
 */
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { setDatabase } from '@/lib/db/client';
import { openDatabase } from '@/lib/db/open';
import { SandboxProcessor } from '@/lib/payments/processor';
import { IN_FLIGHT_CARDS } from './in-flight-cards';

async function main() {
  const [url, ...links] = process.argv.slice(2);
  if (!url || links.length === 0) throw new Error('usage: crash-payer.ts <postgres-url> <link-id>...');
  const database = await openDatabase({ url });
  setDatabase(database);
  const authorise = SandboxProcessor.prototype.authorise;
  SandboxProcessor.prototype.authorise = async function (this: SandboxProcessor, input) {
    await authorise.call(this, input);
    process.stdout.write(`authorised ${input.reference}\n`);
    return new Promise(() => {}); // never recorded: the test kills this process now
  };
  process.stdout.write('ready\n');
  await Promise.all(
    links.map((checkoutId, index) =>
      payByCard(database.db, {
        checkoutId,
        returnUrl: 'http://localhost/return',
        method: {
          kind: 'card',
          number: IN_FLIGHT_CARDS[index % IN_FLIGHT_CARDS.length]!,
          expiryMonth: 12,
          expiryYear: 2034,
          cvc: '123',
          holderName: 'Jane Traveller',
        },
      }),
    ),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`crash-payer: ${String(error)}\n`);
  process.exit(1);
});
