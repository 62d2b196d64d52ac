import type { Db } from '@/lib/db/types';
import { describeErrorSafely } from '@/lib/http/safe-error-log';
import { claimRenderedDeliveries, type RenderedDelivery } from './claim-deliveries';
import { deliverWebhook } from './deliver-webhook';
import type { Finish } from './finish-delivery';

/** Attempts in flight at once per process (the keep-alive agents' maxSockets). */
export const WEBHOOK_CONCURRENCY = 64;
/** An endpoint at this many attempts in flight in this process is skipped by the next claims (docs/webhooks.md "Delivery"). */
export const WEBHOOK_ENDPOINT_CONCURRENCY = 16;

export type WebhooksReport = Record<Finish, number>;
const emptyReport = (): WebhooksReport => ({ delivered: 0, retrying: 0, failed: 0, lost: 0 });

/*
 * A process's webhook deliveries, off the runner's path (issue 16 item 19). Each claimed attempt runs
 * on its own and records its own outcome; a free place is refilled when an attempt ends, so a receiver
 * that takes its 10 s holds one place, not a batch, and never the runner's other steps: `fill` returns
 * once the attempts are started. Claims are SKIP LOCKED with a lease, as before, so any number of
 * processes share the outbox. No order between deliveries is promised, so none is kept.
 */
export class DeliveryLane {
  private inFlight = 0;
  private readonly byEndpoint = new Map<string, number>();
  private filling: Promise<number> | null = null;
  /** The last claim was cut short by the free places, not by what was due: refill when a place frees. */
  private moreDue = false;
  private idle: (() => void)[] = [];
  private report = emptyReport();
  private stopped = false;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly concurrency = WEBHOOK_CONCURRENCY,
    private readonly perEndpoint = WEBHOOK_ENDPOINT_CONCURRENCY,
  ) {}

  /** Claims up to `limit` due deliveries into the free places and starts them; resolves with how many started. */
  fill(limit = Number.POSITIVE_INFINITY): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    // One claimer at a time per process: two would claim into the same free places. A fill asked for
    // meanwhile (a place freed after the running one counted the places) runs once more after it.
    if (this.filling) {
      this.again = true;
      return this.filling;
    }
    this.filling = (async () => {
      let started = 0;
      do {
        this.again = false;
        started += await this.claimAndStart(limit - started);
      } while (this.again && started < limit && !this.stopped);
      return started;
    })().finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  /** Waits until no attempt is in flight (a worker before it exits, tests); the outcomes since the last call. */
  async settled(): Promise<WebhooksReport> {
    while (this.inFlight > 0 || this.filling) {
      if (this.filling) await this.filling.catch(() => undefined);
      else await new Promise<void>((resolve) => this.idle.push(resolve));
    }
    const report = this.report;
    this.report = emptyReport();
    return report;
  }

  /** Claims nothing more and waits for the attempts in flight: a worker before it closes the database. */
  drain(): Promise<WebhooksReport> {
    this.stopped = true;
    return this.settled();
  }

  private async claimAndStart(limit: number): Promise<number> {
    let started = 0;
    while (started < limit) {
      const room = this.concurrency - this.inFlight;
      if (room <= 0) {
        this.moreDue = true;
        break;
      }
      // Claims of at most one endpoint's share, skipping endpoints at it: one endpoint's backlog cannot take every place.
      const want = Math.min(room, this.perEndpoint, limit - started);
      const skipEndpoints = [...this.byEndpoint].filter(([, n]) => n >= this.perEndpoint).map(([id]) => id);
      const { deliveries, claimed } = await claimRenderedDeliveries(this.db, want, { skipEndpoints });
      for (const delivery of deliveries) this.start(delivery);
      started += deliveries.length;
      this.moreDue = claimed >= want;
      if (!this.moreDue) break;
    }
    // Stopped by the caller's limit, not by the free places: the caller's next fill takes the rest.
    if (started >= limit) this.moreDue = false;
    return started;
  }

  private start(d: RenderedDelivery): void {
    this.inFlight += 1;
    this.byEndpoint.set(d.endpointId, (this.byEndpoint.get(d.endpointId) ?? 0) + 1);
    deliverWebhook(this.db, d)
      .then(
        (finish) => {
          this.report[finish] += 1;
        },
        // Not recorded (a database error): its claim's lease brings it back in 2 minutes.
        (error: unknown) =>
          console.error(
            JSON.stringify({
              level: 'error',
              message: 'webhook attempt not recorded',
              delivery_id: d.id,
              error: describeErrorSafely(error),
            }),
          ),
      )
      .finally(() => this.end(d.endpointId));
  }

  private end(endpointId: string): void {
    this.inFlight -= 1;
    const endpointWasFull = (this.byEndpoint.get(endpointId) ?? 0) >= this.perEndpoint;
    const left = (this.byEndpoint.get(endpointId) ?? 1) - 1;
    if (left > 0) this.byEndpoint.set(endpointId, left);
    else this.byEndpoint.delete(endpointId);
    if (this.moreDue || endpointWasFull) {
      this.fill().catch((error: unknown) =>
        console.error(
          JSON.stringify({ level: 'error', message: 'webhook claim failed', error: describeErrorSafely(error) }),
        ),
      );
    }
    if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
  }
}

const lanes = new WeakMap<Db, DeliveryLane>();
/** The one lane of this process for this database. */
export function deliveryLane(db: Db): DeliveryLane {
  let lane = lanes.get(db);
  if (!lane) lanes.set(db, (lane = new DeliveryLane(db)));
  return lane;
}
