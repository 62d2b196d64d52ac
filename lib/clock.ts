/**
 * The one source of time for the whole service. Expiries, due dates, the runner
 * and token lifetimes all ask `now()`, so that the sandbox test clock can move
 * every one of them at once by setting an offset.
 *
 * The offset lives on globalThis, not in a module variable: Next.js may load this
 * module once per server bundle (instrumentation, route handlers, pages), and all
 * of them must see the offset that start-up or the test clock API set.
 * lib/sandbox/test-clock.ts persists it so that several processes agree.
 */
const slot = globalThis as unknown as { __travelPayClockOffsetMs?: number };

export function now(): Date {
  return new Date(Date.now() + (slot.__travelPayClockOffsetMs ?? 0));
}

export function nowSeconds(): number {
  return Math.floor(now().getTime() / 1000);
}

/** Sandbox only: moves this process's time forward (or back) by `ms` from real time. */
export function setClockOffset(ms: number): void {
  slot.__travelPayClockOffsetMs = ms;
}

export function clockOffset(): number {
  return slot.__travelPayClockOffsetMs ?? 0;
}
