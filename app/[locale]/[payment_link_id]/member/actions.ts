'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { hostedMemberAutoCollectOff } from '@/lib/core/groups/member-auto-collect-off';
import { checkoutAction, formValues } from '../../checkout-action';
import { memberPagePath } from './member-paths';

/*
 * The member page's one form: turn automatic collection off. checkoutAction (Origin, the page's own
 * link from the address it was posted to, the portal domain's organisation, zod) around the core's
 * change, then a 303 back to the page with what happened (`?result=`), with or without JavaScript.
 */
const autoCollectOff = checkoutAction({
  pages: ['member'],
  idField: 'linkId',
  input: z.object({ linkId: z.uuid() }),
  run: async ({ page }): Promise<never> => {
    const outcome = await hostedMemberAutoCollectOff(page.id);
    const query = new URLSearchParams({ result: outcome.result });
    if (outcome.result === 'auto_collect_off') query.set('count', String(outcome.cancelled));
    redirect(`${memberPagePath(page.locale, page.id)}?${query}`);
  },
});

export async function autoCollectOffAction(form: FormData): Promise<void> {
  await autoCollectOff(formValues(form), undefined);
}
