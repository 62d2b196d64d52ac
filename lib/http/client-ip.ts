import { trustedProxyHops } from '@/lib/config';

/**
 * The customer's IP address as the nearest trusted proxy saw it: the entry
 * `hops` from the right of X-Forwarded-For (each proxy appends the address it
 * received from). With no trusted proxy (hops 0) there is no address we can
 * trust, and the answer is null: per-IP rules then do not apply, per-link ones do.
 */
export function clientIp(headers: Pick<Headers, 'get'>, hops: number = trustedProxyHops()): string | null {
  if (hops <= 0) return null;
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[entries.length - hops];
  return entry && /^[0-9A-Fa-f:.]{2,45}$/.test(entry) ? entry : null;
}
