'use server';

import { z } from 'zod';
import {
  portalAddMember,
  portalRemoveMember,
  portalSendLinks,
  portalSetSchedule,
} from '@/lib/core/groups/hosted-portal';
import { portalAction } from './portal-action';
import { majorUnits, scheduleForm } from './schedule-fields';

/*
 * The leader's actions. Each is portalAction (portal-action.ts: session, group,
 * host, zod, then the core through lib/core/groups/hosted-portal.ts) around
 * one core change; each answers a 303 to the page.
 */

const addMember = portalAction(
  z.object({
    customer_name: z.string().trim().min(1).max(255),
    email: z.union([z.literal(''), z.email().max(320)]).optional(),
    amount: majorUnits,
  }),
  (request, input) =>
    portalAddMember(request, {
      customer_name: input.customer_name,
      email: input.email || undefined,
      amount: input.amount,
    }),
);
/**
 * The member list is one form: each row's buttons post `op` as `send:{member}` or `remove:{member}`
 * (a button's own formAction would take its name for React's action id and lose the member).
 */
const memberListOp = z.object({
  op: z.union([
    z.literal('send:all'),
    z.templateLiteral(['send:', z.uuid()]),
    z.templateLiteral(['remove:', z.uuid()]),
  ]),
});
const memberList = portalAction(memberListOp, (request, { op }) => {
  const [verb, member] = op.split(':') as ['send' | 'remove', string];
  if (verb === 'remove') return portalRemoveMember(request, member);
  return portalSendLinks(request, member === 'all' ? undefined : member);
});
const setSchedule = portalAction(scheduleForm, (request, input) => portalSetSchedule(request, input.instalments));

export async function addMemberAction(form: FormData): Promise<void> {
  await addMember(form);
}

export async function memberListAction(form: FormData): Promise<void> {
  await memberList(form);
}

export async function setScheduleAction(form: FormData): Promise<void> {
  await setSchedule(form);
}
