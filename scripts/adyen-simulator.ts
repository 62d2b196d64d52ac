/**
 * Starts the test suite's Adyen Checkout v71 simulator on its own (tests/support/adyen-simulator), for
 * the benchmark and for manual runs of MODE=production against it:
 *
 *   npx tsx scripts/adyen-simulator.ts [--port 8090] [--latency 250] [--notify http://127.0.0.1:3000/api/processor/adyen/notifications] [--deliver-every 2000]
 *     [--control-port 8091]
 *
 * Prints the environment the service needs to use it. Queued notifications are delivered only with
 * --notify and --deliver-every (every that many ms), since a test-less run has no one to ask for them.
 * --control-port serves the test hooks over HTTP (tests/support/adyen-simulator/control.ts) for tests in
 * another process, such as the Playwright specs. A test-only tool: never started by the product.
 */
import { startAdyenSimulator } from '../tests/support/adyen-simulator';
import { startSimulatorControl } from '../tests/support/adyen-simulator/control';

const arg = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const number = (name: string) => (arg(name) === undefined ? undefined : Number(arg(name)));

async function main() {
  const notificationUrl = arg('notify');
  const sim = await startAdyenSimulator({
    ...(number('port') !== undefined ? { port: number('port') } : {}),
    ...(number('latency') !== undefined ? { latencyMs: number('latency') } : {}),
    ...(notificationUrl ? { notificationUrl } : {}),
  });
  console.log(`Adyen simulator at ${sim.url}`);
  console.log(`ADYEN_CHECKOUT_URL=${sim.url}`);
  console.log(`ADYEN_API_KEY=${sim.apiKey}`);
  console.log(`ADYEN_MERCHANT_ACCOUNT=${sim.merchantAccount}`);
  console.log(`ADYEN_HMAC_KEY=${sim.hmacKey}`);
  const controlPort = number('control-port');
  const control = controlPort === undefined ? null : await startSimulatorControl(sim, controlPort);
  if (control) console.log(`test hooks at ${control.url}`);
  const every = number('deliver-every');
  if (notificationUrl && every) {
    setInterval(() => {
      if (sim.queuedNotifications().length)
        sim
          .deliverNotifications()
          .catch((error: unknown) => console.error(`notification delivery failed: ${String(error)}`));
    }, every);
  }
  const stop = () => void Promise.all([sim.close(), control?.close()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
