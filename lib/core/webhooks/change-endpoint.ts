import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { webhookEndpoints } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { failQueuedDeliveries } from '@/lib/events/fail-queued-deliveries';
import { newWebhookSecret } from '@/lib/events/sign-webhook';
import { notFound } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { checkEndpointUrl } from './endpoint-url';
import { findEndpoint } from './find-endpoint';
import type { updateWebhookSchema } from './schemas';
import { serializeEndpoint, withSecret } from './serialize';

/** After a rotation the old secret also signs (X-Signature-Previous) for this long. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60_000;

const live = (id: string) => and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt));

/** POST /agent/webhooks/{id}: changes url, event types, description, or enables / disables it. */
export async function updateWebhook(db: Db, actor: Actor, id: string, input: z.output<typeof updateWebhookSchema>) {
  await findEndpoint(db, actor, id);
  const url = input.url === undefined ? undefined : await checkEndpointUrl(input.url);
  return db.transaction(async (tx) => {
    // Locked: a concurrent delete or worker disable is either before this or after it, never half of each.
    const endpoint = await findEndpoint(tx, actor, id, { forUpdate: true });
    const at = now();
    const status = input.status ?? endpoint.status;
    const becomes = status !== endpoint.status ? status : null;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        url,
        eventTypes: input.event_types ? [...new Set(input.event_types)] : undefined,
        description: input.description === undefined ? undefined : input.description,
        status,
        updatedAt: at,
        // Enabling starts afresh: no reason, no failing streak (3 more days before it can be disabled again).
        ...(becomes === 'enabled' ? { disabledReason: null, disabledAt: null, failingSince: null } : {}),
        ...(becomes === 'disabled' ? { disabledReason: 'by_merchant', disabledAt: at } : {}),
      })
      .where(live(id))
      .returning();
    if (!updated) throw notFound('Webhook endpoint');
    if (becomes === 'disabled') await failQueuedDeliveries(tx, id, 'endpoint_disabled');
    await recordAudit(tx, actor, {
      organisationId: endpoint.organisationId,
      type: 'webhook-endpoint:update',
      entityId: id,
    });
    return serializeEndpoint(updated);
  });
}

/** DELETE /agent/webhooks/{id}: soft; what is queued for it fails 'endpoint_deleted'. A second delete is a 404. */
export async function deleteWebhook(db: Db, actor: Actor, id: string): Promise<void> {
  const endpoint = await findEndpoint(db, actor, id);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .update(webhookEndpoints)
      .set({ deletedAt: now(), updatedAt: now() })
      .where(live(id))
      .returning({ id: webhookEndpoints.id });
    if (deleted.length === 0) throw notFound('Webhook endpoint');
    await failQueuedDeliveries(tx, id, 'endpoint_deleted');
    await recordAudit(tx, actor, {
      organisationId: endpoint.organisationId,
      type: 'webhook-endpoint:delete',
      entityId: id,
    });
  });
}

/**
 * POST /agent/webhooks/{id}/rotate-secret: a new secret, answered once. The
 * current one becomes the previous secret and keeps signing X-Signature-Previous
 * for 24 hours, so a receiver can switch without losing a delivery. Rotating
 * twice within that time drops the oldest.
 */
export async function rotateWebhookSecret(db: Db, actor: Actor, id: string) {
  await findEndpoint(db, actor, id);
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, actor, id, { forUpdate: true });
    const at = now();
    const [rotated] = await tx
      .update(webhookEndpoints)
      .set({
        secret: newWebhookSecret(),
        previousSecret: endpoint.secret,
        previousSecretExpiresAt: new Date(at.getTime() + PREVIOUS_SECRET_VALID_MS),
        updatedAt: at,
      })
      .where(live(id))
      .returning();
    if (!rotated) throw notFound('Webhook endpoint');
    await recordAudit(tx, actor, {
      organisationId: endpoint.organisationId,
      type: 'webhook-endpoint:rotate-secret',
      entityId: id,
    });
    return withSecret(rotated);
  });
}
