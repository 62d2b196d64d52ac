import { z } from 'zod';
import { eventTypes } from '@/lib/events/event-types';
import { listParams } from '../shared/list-params';

/** webhook.test is sent only by the test-event operation, to the endpoint it names: nobody subscribes to it. */
export const subscribableEventTypes = eventTypes.filter((type) => type !== 'webhook.test') as Exclude<
  (typeof eventTypes)[number],
  'webhook.test'
>[];

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => URL.canParse(value), 'must be an absolute http or https URL');
const eventTypeList = z.array(z.enum(subscribableEventTypes)).min(1).max(subscribableEventTypes.length);

export const createWebhookSchema = z.object({
  organisation: z.string().trim().min(1),
  url,
  event_types: eventTypeList,
  description: z.string().trim().max(500).optional(),
});

export const updateWebhookSchema = z.object({
  url: url.optional(),
  event_types: eventTypeList.optional(),
  description: z.string().trim().max(500).nullable().optional(),
  /** `disabled` stops deliveries (queued ones fail); `enabled` starts them again, with a clean failing streak. */
  status: z.enum(['enabled', 'disabled']).optional(),
});

export const listWebhooksSchema = listParams();
export const deliveryLogSchema = z.object({
  skip: z.int().min(0).max(100_000).default(0),
  take: z.int().min(1).max(25).default(25),
});

export const webhookIdParams = z.object({ id: z.string().trim().min(1).max(100) });
export const deliveryIdParams = z.object({
  id: z.string().trim().min(1).max(100),
  delivery_id: z.string().trim().min(1).max(100),
});
