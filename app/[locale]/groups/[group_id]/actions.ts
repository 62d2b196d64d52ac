'use server';

import { z } from 'zod';
import { portalAddMember, portalRemoveMember, portalSendLinks, portalSetSchedule } from '@/lib/core/groups/hosted-portal';
import { portalAction } from './portal-action';
import { majorUnits, scheduleForm } from './schedule-fields';

/*
 * The leader's actions. Each is portalAction (portal-action.ts: session, group,
 * host, zod, then the core through lib/core/groups/hosted-portal.ts) around
 * one core change; each answers a 303 to the page.
 */

const addMember = portalAction(
  z.object({ customer_name: z.string().trim().min(1).max(255), email: z.union([z.literal(''), z.email().max(320)]).optional(), amount: majorUnits }),
  (request, input) => portalAddMember(request, { customer_name: input.customer_name, email: input.email || undefined, amount: input.amount }),
);
const removeMember = portalAction(z.object({ memberId: z.uuid() }), (request, input) => portalRemoveMember(request, input.memberId));
const sendLinks = portalAction(z.object({ memberId: z.union([z.literal('all'), z.uuid()]) }), (request, input) =>
  portalSendLinks(request, input.memberId === 'all' ? undefined : input.memberId));
const setSchedule = portalAction(scheduleForm, (request, input) => portalSetSchedule(request, input.instalments));

export async function addMemberAction(form: FormData): Promise<void> {
  await addMember(form);
}

export async function removeMemberAction(form: FormData): Promise<void> {
  await removeMember(form);
}

export async function sendLinksAction(form: FormData): Promise<void> {
  await sendLinks(form);
}

export async function setScheduleAction(form: FormData): Promise<void> {
  await setSchedule(form);
}
