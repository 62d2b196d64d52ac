import { eq } from 'drizzle-orm';
import { approvals, bookings } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

/**
 * An approval as event `approval.decided` carries it. The interface has no GET
 * of an approval (only "send approval link"), so this is the one shape: the
 * booking it belongs to, who was asked, and what they decided on which
 * scheduled payments (the same record the approval page shows afterwards).
 */
export async function loadApprovalResource(db: Executor, id: string) {
  const [row] = await selectApprovals(db).where(eq(approvals.id, id));
  return row ? serializeApproval(row) : null;
}

/** Approvals with their booking's reference: what serializeApproval reads. */
export function selectApprovals(db: Executor) {
  return db
    .select({ approval: approvals, bookingReference: bookings.bookingReference })
    .from(approvals)
    .innerJoin(bookings, eq(bookings.id, approvals.bookingId));
}

type ApprovalRow = Awaited<ReturnType<ReturnType<typeof selectApprovals>['where']>>[number];

export function serializeApproval(row: ApprovalRow) {
  const { approval: a } = row;
  return {
    id: a.id,
    organisation: a.organisationId,
    booking: { id: a.bookingId, booking_reference: row.bookingReference },
    email: a.email,
    decision: a.decision?.decision ?? null,
    /** The scheduled payments the decision moved (QUEUED when approved, CANCELLED when declined). */
    payments: a.decision?.payments ?? [],
    decided_at: a.decidedAt?.toISOString() ?? null,
    expires_at: a.expiresAt.toISOString(),
    created_at: a.createdAt.toISOString(),
  };
}
