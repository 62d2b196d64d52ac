'use server';

import { createGroup } from '@/lib/core/groups/create-group';
import { sendLinks } from '@/lib/core/groups/send-group-links';
import { turnOffAutoCollect } from '@/lib/core/groups/turn-off-auto-collect';
import { redirect } from 'next/navigation';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { backTo } from '../collect-form-input';
import { autoCollectOffForm, createGroupForm, groupIdForm, groupLists } from './group-form-input';
import { sendOutcomeQuery } from './send-outcome';

/* The Groups pages' actions: the API's group operations with the staff actor (booking-and-payment:create:payment). */

const create = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: createGroupForm,
  lists: groupLists,
  back: '/groups',
  form: 'create-group',
  run: async ({ db, actor, organisationId, locale }, input) => {
    const group = await createGroup(db, actor, { ...input, organisation: organisationId });
    return backTo(locale, `/groups/${group.id}`, 'created');
  },
});

const send = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: groupIdForm,
  back: '/groups',
  run: async ({ db, actor, locale }, input) => {
    const outcome = await sendLinks(db, actor, input.id);
    // Who was sent a link and who was not, and why, for the group's page to name (send-outcome.ts).
    const result = outcome.sent.length > 0 ? 'links-sent' : 'nothing-sent';
    const query = new URLSearchParams({ result, ...sendOutcomeQuery(outcome) });
    return redirect(`${dashboardPath(locale, `/groups/${input.id}`)}?${query}`);
  },
});

const autoCollectOff = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: autoCollectOffForm,
  back: '/groups',
  run: async ({ db, actor, locale }, input) => {
    await turnOffAutoCollect(db, actor, input.id, input.member, input.body);
    return backTo(locale, `/groups/${input.id}`, 'auto-collect-off');
  },
});

export async function createGroupAction(form: FormData): Promise<void> {
  await create(form);
}
export async function sendGroupLinksAction(form: FormData): Promise<void> {
  await send(form);
}
export async function autoCollectOffAction(form: FormData): Promise<void> {
  await autoCollectOff(form);
}
