/**
 * The one source of time for the whole service. Expiries, due dates, the runner
 * and token lifetimes all ask `now()`, so that the sandbox test clock can move
 * every one of them at once by setting an offset.
 */
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

export function nowSeconds(): number {
  return Math.floor(now().getTime() / 1000);
}

/** Sandbox only: moves the service's time forward (or back) by `ms` from real time. */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}

export function clockOffset(): number {
  return offsetMs;
}
