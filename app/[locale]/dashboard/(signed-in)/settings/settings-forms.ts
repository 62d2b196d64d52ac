import { z } from 'zod';
import { updateSettingsSchema } from '@/lib/core/organisations/organisation-settings';

/*
 * The settings page's groups as a browser posts them (strings; a checkbox present or absent), each turned into
 * the API's own input and parsed by the API's schema (updateSettingsSchema), so the page refuses exactly what
 * POST /api/agent/organisations/{id}/settings refuses. Each group saves all of its fields: an unchecked box is
 * false and an empty optional field clears its value (null), as the API's null does.
 */

type SettingsInput = z.output<typeof updateSettingsSchema>;

/** The group's values through the API's schema: its refusals are the page's (a validation error). */
function throughApi(values: object, context: z.RefinementCtx): SettingsInput {
  const parsed = updateSettingsSchema.safeParse(values);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
}

const text = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? '');
const orNull = (value: string) => (value === '' ? null : value);
const checkbox = z
  .string()
  .optional()
  .transform((value) => value !== undefined);
const integer = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/)
  .transform(Number);

export const identityForm = z
  .object({ name: text, logo_url: text, brand_colour: text, country: text })
  .transform((form) => ({
    name: form.name,
    logo_url: orNull(form.logo_url),
    brand_colour: orNull(form.brand_colour),
    country: form.country,
  }))
  .transform(throughApi);

export const legalForm = z
  .object({ legal_address: text, company_number: text, vat_number: text, atol_number: text })
  .transform(throughApi);

export const portalDomainForm = z
  .object({ portal_domain: text })
  .transform((form) => ({ portal_domain: orNull(form.portal_domain) }))
  .transform(throughApi);

/** One origin a line (or separated by spaces or commas); none clears the list. */
export const embedForm = z
  .object({ allowed_embed_origins: text })
  .transform((form) => ({ allowed_embed_origins: form.allowed_embed_origins.split(/[\s,]+/).filter(Boolean) }))
  .transform(throughApi);

export const paymentsForm = z
  .object({
    surcharge_enabled: checkbox,
    commercial_rate_bps: integer,
    international_rate_bps: integer,
    dcc_enabled: checkbox,
    approval_links_enabled: checkbox,
    refunds_require_second_user: checkbox,
  })
  .transform(({ surcharge_enabled, commercial_rate_bps, international_rate_bps, ...rest }) => ({
    surcharge: { enabled: surcharge_enabled, commercial_rate_bps, international_rate_bps },
    ...rest,
  }))
  .transform(throughApi);

export const noticesForm = z
  .object({
    merchant_notices: text,
    notification_email: text,
    notification_locale: text,
    send_leader_portal_link: checkbox,
    member_reminder_days: integer,
    leader_members_require_approval: checkbox,
  })
  // The language is a select (always posted); a form without it leaves the setting as it is.
  .transform((form) => ({
    ...form,
    notification_email: orNull(form.notification_email),
    notification_locale: form.notification_locale || undefined,
  }))
  .transform(throughApi);
