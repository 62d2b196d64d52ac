/** Link, ecommerce session and group status (product.md sections 4 and 5). */
export type CheckoutStatus = 'active' | 'paid' | 'expired';

/** Transaction statuses that make a checkout paid: money taken, or held awaiting capture. */
export const PAYING_STATUSES = ['COMPLETE', 'PENDING'] as const;

/**
 * Paid when a transaction is COMPLETE or PENDING capture; otherwise expired
 * once past `expires_at`; otherwise active. A reversed authorisation no longer
 * counts, so an unexpired link becomes active again.
 */
export function checkoutStatus(expiresAt: Date, transactionStatuses: string[], now: Date): CheckoutStatus {
  if (transactionStatuses.some((status) => (PAYING_STATUSES as readonly string[]).includes(status))) return 'paid';
  return expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}
