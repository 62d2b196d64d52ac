'use server';

import { z } from 'zod';
import { createApiKey, revokeApiKey } from '@/lib/core/api-keys/api-keys';
import { roles } from '@/lib/core/enums';
import { createWebhook } from '@/lib/core/webhooks/endpoints';
import { deleteWebhook, rotateWebhookSecret, updateWebhook } from '@/lib/core/webhooks/change-endpoint';
import { replayDelivery } from '@/lib/core/webhooks/deliveries';
import { createWebhookSchema, updateWebhookSchema } from '@/lib/core/webhooks/schemas';
import { sendTestEvent } from '@/lib/core/webhooks/test-event';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { dashboardStateAction, type FormState } from '@/lib/http/dashboard-state-action';

/*
 * The Developers page's actions. A key's private key and an endpoint's signing secret are answered once,
 * as form state in the POST's response (dashboard-state-action.ts): never in an address. The rest 303 back.
 */

export type NewKey = { name: string; publicKey: string; privateKey: string };
export type NewSecret = { endpointId: string; url: string; secret: string };

const id = z.string().trim().min(1).max(100);

const createKey = dashboardStateAction({
  role: 'developers:manage:keys',
  input: z.object({ name: z.string().trim().min(1).max(100), roles: z.array(z.enum(roles)).min(1).max(roles.length) }),
  lists: ['roles'],
  // createApiKey refuses a role the user lacks (api_key.role_not_held), as the API refuses one the calling key lacks.
  run: async ({ db, actor, organisationId }, input): Promise<NewKey> => {
    const key = await createApiKey(db, actor, { organisation: organisationId, ...input });
    return { name: key.name, publicKey: key.public_key, privateKey: key.private_key };
  },
});

const createEndpoint = dashboardStateAction({
  role: 'developers:manage:webhooks',
  // The API's own schema, less the organisation (the one in view).
  input: createWebhookSchema.omit({ organisation: true }),
  lists: ['event_types'],
  run: async ({ db, actor, organisationId }, input): Promise<NewSecret> => {
    const endpoint = await createWebhook(db, actor, {
      organisation: organisationId,
      ...input,
      description: input.description || undefined,
    });
    return { endpointId: endpoint.id, url: endpoint.url, secret: endpoint.secret };
  },
});

const rotate = dashboardStateAction({
  role: 'developers:manage:webhooks',
  input: z.object({ endpoint: id }),
  run: async ({ db, actor }, input): Promise<NewSecret> => {
    const endpoint = await rotateWebhookSecret(db, actor, input.endpoint);
    return { endpointId: endpoint.id, url: endpoint.url, secret: endpoint.secret };
  },
});

const revoke = dashboardAction({
  role: 'developers:manage:keys',
  input: z.object({ key: id }),
  back: '/developers',
  run: async ({ db, actor }, input) => {
    await revokeApiKey(db, actor, input.key);
    return 'key-revoked';
  },
});

/**
 * An endpoint's own page, where its actions return, their refusals too; only for an id that could be one (what a
 * refused form posted goes into no other path).
 */
const endpointPage = (values: Record<string, unknown>) =>
  typeof values.endpoint === 'string' && /^[\w-]{1,100}$/.test(values.endpoint)
    ? `/developers/webhooks/${values.endpoint}`
    : '/developers';

const test = dashboardAction({
  role: 'developers:manage:webhooks',
  input: z.object({ endpoint: id }),
  back: endpointPage,
  run: async ({ db, actor }, input) => {
    await sendTestEvent(db, actor, input.endpoint);
    return 'test-sent';
  },
});

const replay = dashboardAction({
  role: 'developers:manage:webhooks',
  input: z.object({ endpoint: id, delivery: id }),
  back: endpointPage,
  run: async ({ db, actor }, input) => {
    await replayDelivery(db, actor, input.endpoint, input.delivery);
    return 'replayed';
  },
});

// The API's own changes (POST /agent/webhooks/{id}): the address, description and event types together, or the status.
const update = dashboardAction({
  role: 'developers:manage:webhooks',
  input: updateWebhookSchema
    .pick({ url: true, event_types: true })
    .required()
    .extend({ endpoint: id, description: z.string().trim().max(500) }),
  lists: ['event_types'],
  form: 'endpoint-edit',
  back: endpointPage,
  run: async ({ db, actor }, { endpoint, description, ...input }) => {
    await updateWebhook(db, actor, endpoint, { ...input, description: description || null });
    return 'endpoint-updated';
  },
});

const setStatus = dashboardAction({
  role: 'developers:manage:webhooks',
  input: z.object({ endpoint: id, status: z.enum(['enabled', 'disabled']) }),
  back: endpointPage,
  run: async ({ db, actor }, input) => {
    await updateWebhook(db, actor, input.endpoint, { status: input.status });
    return input.status === 'disabled' ? 'endpoint-disabled' : 'endpoint-enabled';
  },
});

const remove = dashboardAction({
  role: 'developers:manage:webhooks',
  input: z.object({ endpoint: id }),
  back: '/developers',
  run: async ({ db, actor }, input) => {
    await deleteWebhook(db, actor, input.endpoint);
    return 'endpoint-deleted';
  },
});

export async function createKeyAction(previous: FormState<NewKey>, form: FormData): Promise<FormState<NewKey>> {
  return createKey(previous, form);
}
export async function createEndpointAction(
  previous: FormState<NewSecret>,
  form: FormData,
): Promise<FormState<NewSecret>> {
  return createEndpoint(previous, form);
}
export async function rotateSecretAction(
  previous: FormState<NewSecret>,
  form: FormData,
): Promise<FormState<NewSecret>> {
  return rotate(previous, form);
}
export async function revokeKeyAction(form: FormData): Promise<void> {
  await revoke(form);
}
export async function sendTestAction(form: FormData): Promise<void> {
  await test(form);
}
export async function replayAction(form: FormData): Promise<void> {
  await replay(form);
}
export async function updateEndpointAction(form: FormData): Promise<void> {
  await update(form);
}
export async function endpointStatusAction(form: FormData): Promise<void> {
  await setStatus(form);
}
export async function deleteEndpointAction(form: FormData): Promise<void> {
  await remove(form);
}
