import { and, eq, gt, isNull } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { staffSignInLinks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { recordAudit } from '../audit/record-audit';
import { signInTokenHash } from './sign-in-token';
import { firstOrganisation, startSession } from './staff-sessions';

export type SignInOutcome = { ok: true; sessionId: string } | { ok: false; reason: 'invalid' | 'used' | 'expired' };

/**
 * Exchanges a sign-in link's token for a new session. The claim is one conditional UPDATE
 * (`used_at IS NULL AND expires_at > now`): of two requests racing with one link, one gets the row
 * and a session, the other nothing. A known link that is used or expired is audited as
 * `staff:sign-in-refused` under its user; an unknown token names nobody, so nothing is recorded.
 */
export async function consumeSignInLink(db: Db, token: string): Promise<SignInOutcome> {
  const tokenHash = signInTokenHash(token);
  return db.transaction(async (tx): Promise<SignInOutcome> => {
    const at = now();
    const [claimed] = await tx
      .update(staffSignInLinks)
      .set({ usedAt: at })
      .where(
        and(
          eq(staffSignInLinks.tokenHash, tokenHash),
          isNull(staffSignInLinks.usedAt),
          gt(staffSignInLinks.expiresAt, at),
        ),
      )
      .returning({ userId: staffSignInLinks.userId });
    if (claimed) {
      const sessionId = await startSession(tx, claimed.userId, 'link');
      return sessionId ? { ok: true, sessionId } : { ok: false, reason: 'invalid' };
    }
    const [known] = await tx
      .select({ id: staffSignInLinks.id, userId: staffSignInLinks.userId, usedAt: staffSignInLinks.usedAt })
      .from(staffSignInLinks)
      .where(eq(staffSignInLinks.tokenHash, tokenHash));
    if (!known) return { ok: false, reason: 'invalid' };
    const organisationId = await firstOrganisation(tx, known.userId);
    if (organisationId)
      await recordAudit(
        tx,
        { userId: known.userId, apiKeyId: null },
        { organisationId, type: 'staff:sign-in-refused', entityId: known.id },
      );
    return { ok: false, reason: known.usedAt ? 'used' : 'expired' };
  });
}
