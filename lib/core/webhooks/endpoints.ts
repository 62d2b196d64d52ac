import { and, count, desc, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope, requireOrganisation, requireRole } from '@/lib/auth/access';
import { webhookEndpoints } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { newWebhookSecret } from '@/lib/events/sign-webhook';
import { listPage } from '@/lib/http/list-result';
import { recordAudit } from '../audit/record-audit';
import { checkEndpointUrl } from './endpoint-url';
import { findEndpoint } from './find-endpoint';
import type { createWebhookSchema, listWebhooksSchema } from './schemas';
import { serializeEndpoint, withSecret } from './serialize';

/** PUT /agent/webhooks: a new endpoint; its secret is in this answer (and the rotate answer) only. */
export async function createWebhook(db: Db, actor: Actor, input: z.output<typeof createWebhookSchema>) {
  requireOrganisation(actor, input.organisation);
  requireRole(actor, 'developers:manage:webhooks');
  const url = await checkEndpointUrl(input.url);
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        organisationId: input.organisation,
        url,
        eventTypes: [...new Set(input.event_types)],
        secret: newWebhookSecret(),
        description: input.description ?? null,
        createdByUserId: actor.userId,
      })
      .returning();
    await recordAudit(tx, actor, {
      organisationId: input.organisation,
      type: 'webhook-endpoint:create',
      entityId: endpoint!.id,
    });
    return withSecret(endpoint!);
  });
}

/** POST /agent/webhooks: live (not deleted) endpoints, newest first, never a secret. */
export async function listWebhooks(db: Db, actor: Actor, input: z.output<typeof listWebhooksSchema>) {
  requireRole(actor, 'developers:manage:webhooks');
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const where = and(inArray(webhookEndpoints.organisationId, scope), isNull(webhookEndpoints.deletedAt));
  const page = await listPage(
    input,
    (limit, offset) =>
      db
        .select()
        .from(webhookEndpoints)
        .where(where)
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(webhookEndpoints).where(where))[0]!.n,
  );
  return page.map(serializeEndpoint);
}

/** GET /agent/webhooks/{id}. */
export async function getWebhook(db: Db, actor: Actor, id: string) {
  return serializeEndpoint(await findEndpoint(db, actor, id));
}
