import { and, eq, isNull } from 'drizzle-orm';
import { loadActor } from '@/lib/auth/actor';
import { serviceMode } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { apiKeys, organisations, paymentLinks, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { embedAncestorsValue, embedFrameTarget } from '@/lib/http/embed-framing';
import { isUuid } from '../shared/is-uuid';

/*
 * Who may frame the embedded checkout, and who may pay it from the parent page.
 * proxy.ts calls embedFrameAncestors on every request for an embed path; it reads
 * the organisation's setting each time (one indexed join, no cache), so a changed
 * `allowed_embed_origins` holds from the very next request.
 */

/**
 * The `allowed_embed_origins` of the organisation of an ecommerce session ([] when
 * none are set), or null when the id is no ecommerce session. A deleted session keeps
 * its organisation's origins, so its frame can say `embed.not_found` to the parent.
 */
export async function sessionEmbedOrigins(db: Db, sessionId: string): Promise<string[] | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await db
    .select({ settings: organisations.settings })
    .from(paymentLinks)
    .innerJoin(organisations, eq(organisations.id, paymentLinks.organisationId))
    .where(and(eq(paymentLinks.id, sessionId), eq(paymentLinks.kind, 'ecommerce')));
  return row ? (row.settings.allowed_embed_origins ?? []) : null;
}

/**
 * The same for a 3-D Secure or bank step (by the processor's reference): the embed
 * loads those pages inside its own frame, so they may be framed by the same parents,
 * but only when the payment is an ecommerce session's (a payment link's never is framed).
 */
export async function stepEmbedOrigins(db: Db, reference: string): Promise<string[] | null> {
  if (!reference || reference.length > 200) return null;
  const [row] = await db
    .select({ sessionId: transactions.paymentLinkId })
    .from(transactions)
    .where(eq(transactions.providerReference, reference))
    .limit(1);
  return row?.sessionId ? sessionEmbedOrigins(db, row.sessionId) : null;
}

/** proxy.ts's entry: the frame-ancestors value for a path, or undefined for a path that is never framed ('none'). */
export async function embedFrameAncestors(pathname: string): Promise<string | undefined> {
  const target = embedFrameTarget(pathname);
  if (!target) return undefined;
  // The 3-D Secure and bank stand-ins exist in the sandbox only (elsewhere they are a 404): no lookup for them.
  if ('reference' in target && serviceMode() !== 'sandbox') return undefined;
  const db = await getDb();
  const origins =
    'session' in target ? await sessionEmbedOrigins(db, target.session) : await stepEmbedOrigins(db, target.reference);
  return embedAncestorsValue(origins, serviceMode());
}

/**
 * INITIATE_PAY carries a public key: it must be a live API key that reaches the
 * session's organisation (issued for it or for an organisation above it), as the
 * key the merchant's page gave the SDK would be.
 */
export async function publicKeyMayPay(db: Db, sessionId: string, publicKey: string): Promise<boolean> {
  if (!isUuid(sessionId) || !publicKey || publicKey.length > 200) return false;
  const [session] = await db
    .select({ organisationId: paymentLinks.organisationId })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, sessionId), eq(paymentLinks.kind, 'ecommerce'), isNull(paymentLinks.deletedAt)));
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.publicKey, publicKey), isNull(apiKeys.revokedAt)));
  if (!session || !key) return false;
  const actor = await loadActor(db, key.id);
  return Boolean(actor?.organisations.has(session.organisationId));
}
