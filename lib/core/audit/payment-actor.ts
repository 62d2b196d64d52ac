import { eq } from 'drizzle-orm';
import { paymentLinks } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { SERVICE_ACTOR, type AuditActor } from './record-audit';

/**
 * Who made a payment no API key asked for: the customer paying through a link
 * (named by the link's email), otherwise the service (the runner charging a
 * saved card for a scheduled payment).
 */
export async function paymentActor(tx: Executor, paymentLinkId: string | null): Promise<AuditActor> {
  if (!paymentLinkId) return SERVICE_ACTOR;
  const [link] = await tx
    .select({ email: paymentLinks.email })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, paymentLinkId));
  return link ? { kind: 'customer', email: link.email } : SERVICE_ACTOR;
}
