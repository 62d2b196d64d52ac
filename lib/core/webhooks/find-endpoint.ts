import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation, requireRole } from '@/lib/auth/access';
import { webhookEndpoints } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { isUuid } from '../shared/is-uuid';
import type { WebhookEndpointRow } from './serialize';

/** A live endpoint the caller may manage, or 404 (unknown, deleted and unreachable look the same). */
export async function findEndpoint(
  db: Executor,
  actor: Actor,
  id: string,
  { forUpdate = false } = {},
): Promise<WebhookEndpointRow> {
  requireRole(actor, 'developers:manage:webhooks');
  if (!isUuid(id)) throw notFound('Webhook endpoint');
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)));
  const [endpoint] = forUpdate ? await query.for('update') : await query;
  if (!endpoint || !canAccessOrganisation(actor, endpoint.organisationId)) throw notFound('Webhook endpoint');
  return endpoint;
}
