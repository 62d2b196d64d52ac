import { now } from '@/lib/clock';

/*
 * The objects proxy.ts has just found to exist (hosted-page-exists.ts), so the pages a customer loads again and
 * again in one payment (the checkout, its return, its result page, its receipt) do not cost a database read in
 * the proxy each time: that read was about 15% of the checkout's throughput (npm run bench -- --pages).
 * Only "exists" is remembered, never "missing", so a new link's page works at once. An object deleted within
 * the minute still reaches its page, whose own notFound() answers 404 (the proxy's full 404 document again
 * after the minute). Per process and bounded: the oldest entry goes first.
 */
const SEEN_FOR_MS = 60_000;
const MAX_ENTRIES = 10_000;
const seen = new Map<string, number>();

export function recentlySeen(key: string): boolean {
  const until = seen.get(key);
  if (until === undefined) return false;
  if (until > now().getTime()) return true;
  seen.delete(key);
  return false;
}

export function rememberSeen(key: string): void {
  seen.delete(key);
  if (seen.size >= MAX_ENTRIES) seen.delete(seen.keys().next().value!);
  seen.set(key, now().getTime() + SEEN_FOR_MS);
}
