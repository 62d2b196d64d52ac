import type { webhookEndpoints } from '@/lib/db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint as the API answers it; the secret only on create and rotate (withSecret). */
export function serializeEndpoint(endpoint: WebhookEndpointRow) {
  return {
    id: endpoint.id,
    organisation: endpoint.organisationId,
    url: endpoint.url,
    event_types: endpoint.eventTypes,
    description: endpoint.description,
    status: endpoint.status,
    disabled_reason: endpoint.disabledReason,
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    previous_secret_expires_at: endpoint.previousSecretExpiresAt?.toISOString() ?? null,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export const withSecret = (endpoint: WebhookEndpointRow) => ({
  ...serializeEndpoint(endpoint),
  secret: endpoint.secret,
});
