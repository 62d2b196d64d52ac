import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { signingSecret } from '@/lib/auth/signing-secret';
import { now } from '@/lib/clock';
import { organisations, paymentLinkGroups } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { customerLocale } from '@/lib/email/organisation-locale';
import { emailText } from '@/lib/email/templates/email-text';
import { portalLinkReplacedEmail } from '@/lib/email/templates/portal-link-replaced-email';
import { recordAudit } from '../audit/record-audit';
import { requireAccessibleGroup } from './group-access';
import { portalTokenExpiry } from './portal-token';
import { portalUrl } from './portal-url';

export type RotatedPortalToken = {
  portal_url: string;
  portal_url_expires_at: string;
  portal_token_version: number;
  emailed_to: string;
};

/**
 * POST /agent/payment-link-groups/{id}/rotate-portal-token (docs/api-extensions.md): the leader's
 * link leaked, or the organiser wants it dead. One statement adds one to the group's token version
 * (so two racing rotations give two versions, the later one valid) and stamps the rotation, which
 * starts a fresh 30-day expiry; in the same transaction the leader's new link goes to the outbox
 * and the rotation is audited. Every earlier token, and every portal session entered with one,
 * stops working on its next request (hosted-portal.ts's gate compares versions).
 */
export async function rotatePortalToken(db: Db, actor: Actor, groupId: string): Promise<RotatedPortalToken> {
  requireRole(actor, 'booking-and-payment:create:payment');
  const { organisationId } = await requireAccessibleGroup(db, actor, groupId);
  // Loaded before the transaction: the new token's HMAC needs it, and on PGlite a query outside the open transaction would wait for it.
  await signingSecret(db);
  const at = now();
  const rotated = await db.transaction(async (tx) => {
    const [group] = await tx
      .update(paymentLinkGroups)
      .set({
        portalTokenVersion: sql`${paymentLinkGroups.portalTokenVersion} + 1`,
        portalTokenRotatedAt: at,
        updatedAt: at,
      })
      .where(and(eq(paymentLinkGroups.id, groupId), eq(paymentLinkGroups.organisationId, organisationId)))
      .returning({
        version: paymentLinkGroups.portalTokenVersion,
        linkExpiresAt: paymentLinkGroups.linkExpiresAt,
        leadName: paymentLinkGroups.leadName,
        leadEmail: paymentLinkGroups.leadEmail,
        leadLocale: paymentLinkGroups.leadLocale,
        name: paymentLinkGroups.name,
      });
    const [organisation] = await tx
      .select({ name: organisations.name, settings: organisations.settings, image: organisations.image })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    const url = await portalUrl(db, groupId, organisation!.settings, group!.version);
    const expiresAt = portalTokenExpiry(group!.linkExpiresAt, at);
    await enqueueEmail(tx, {
      organisationId,
      kind: 'group_portal_link',
      to: group!.leadEmail,
      ...(await portalLinkReplacedEmail(
        emailBrand(organisation!.name, organisation!.settings, organisation!.image),
        // The language the leader used the portal in, when they have; else the organisation's.
        emailText(customerLocale(group!.leadLocale, organisation!.settings)),
        { groupName: group!.name, leadName: group!.leadName, url, expiresAt },
      )),
    });
    await recordAudit(tx, actor, { organisationId, type: 'payment-link-group:rotate-portal-token', entityId: groupId });
    return {
      portal_url: url,
      portal_url_expires_at: expiresAt.toISOString(),
      portal_token_version: group!.version,
      emailed_to: group!.leadEmail,
    };
  });
  return rotated;
}
