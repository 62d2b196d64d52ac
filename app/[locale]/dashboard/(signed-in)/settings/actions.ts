'use server';

import { z } from 'zod';
import {
  updateOrganisationSettings,
  verifyOrganisationPortalDomain,
  type updateSettingsSchema,
} from '@/lib/core/organisations/organisation-settings';
import { isSandbox } from '@/lib/config';
import { AppError } from '@/lib/http/app-error';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { embedForm, identityForm, legalForm, noticesForm, paymentsForm, portalDomainForm } from './settings-forms';

/* The Settings page's actions (organisation:management): one save per group, through the API's own core. */

type Group = z.ZodType<z.output<typeof updateSettingsSchema>>;

// `form` names the group, so a refused save gives back what was typed to that group's form only (kept-form.ts).
const save = (input: Group, form: string) =>
  dashboardAction({
    role: 'organisation:management',
    input,
    back: '/settings',
    form: `settings-${form}`,
    run: async ({ db, actor, organisationId }, values) => {
      await updateOrganisationSettings(db, actor, organisationId, values);
      return 'saved';
    },
  });

const saveIdentity = save(identityForm, 'identity');
const saveLegal = save(legalForm, 'legal');
const savePortalDomain = save(portalDomainForm, 'domain');
const saveEmbed = save(embedForm, 'embed');
const savePayments = save(paymentsForm, 'payments');
const saveNotices = save(noticesForm, 'notices');

const verify = dashboardAction({
  role: 'organisation:management',
  input: z.object({ check: z.enum(['dns', 'sandbox']) }),
  back: '/settings',
  run: async ({ db, actor, organisationId }, input) => {
    // The sandbox's stand-in for DNS exists only in the sandbox, as its API route does (404 in production).
    if (input.check === 'sandbox' && !isSandbox()) throw new AppError('route.not_found', 'Not in production.');
    await verifyOrganisationPortalDomain(db, actor, organisationId, input.check);
    return 'domain-verified';
  },
});

export async function saveIdentityAction(form: FormData): Promise<void> {
  await saveIdentity(form);
}
export async function saveLegalAction(form: FormData): Promise<void> {
  await saveLegal(form);
}
export async function savePortalDomainAction(form: FormData): Promise<void> {
  await savePortalDomain(form);
}
export async function saveEmbedAction(form: FormData): Promise<void> {
  await saveEmbed(form);
}
export async function savePaymentsAction(form: FormData): Promise<void> {
  await savePayments(form);
}
export async function saveNoticesAction(form: FormData): Promise<void> {
  await saveNotices(form);
}
export async function verifyPortalDomainAction(form: FormData): Promise<void> {
  await verify(form);
}
