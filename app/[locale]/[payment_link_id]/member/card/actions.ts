'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { now } from '@/lib/clock';
import { isSandbox, publicBaseUrl } from '@/lib/config';
import { hostedReplaceMemberCard } from '@/lib/core/groups/member-card-replace';
import { checkoutAction, formValues } from '../../../checkout-action';
import { optionalField } from '../../../optional-field';
import { postedCard } from '../../card-entry/card-method';
import { memberCardPath } from '../member-paths';
import { replaceDestination } from './card-destination';

/*
 * The card replacement's form (member/card/page.tsx): checkoutAction (Origin, the page's own link from the address
 * the form was posted to, the portal domain's organisation, zod) around the core's replaceMemberCard, then a 303 with
 * what happened, with or without JavaScript: to the member page with the new card's brand and last four, to the
 * processor's 3-D Secure page, or back to this page with the reason (`?error=`). The card is read as the checkout
 * reads it (card-method.ts): the sandbox's own fields, adyen-web's encrypted fields in production.
 */
const replaceCard = checkoutAction({
  pages: ['member_card'],
  idField: 'linkId',
  input: z.object({
    linkId: z.uuid(),
    nonce: z.uuid(),
    // The collections' surcharge the page showed (confirm_surcharge) and the member accepts by posting the card again.
    acceptedSurcharge: optionalField(z.coerce.number().int().nonnegative()),
  }),
  run: async ({ page, ipAddress }, input, form: FormData): Promise<never> => {
    const card = postedCard(form, isSandbox(), now());
    if (!card.ok) redirect(`${memberCardPath(page.locale, page.id)}?error=card`);
    // The accepted surcharge rides through 3-D Secure with the nonce: the return judges the verified card against it.
    const accepted = input.acceptedSurcharge === undefined ? '' : `&s=${input.acceptedSurcharge}`;
    const returnUrl = `${publicBaseUrl()}${memberCardPath(page.locale, page.id, '/return')}?v=${input.nonce}${accepted}`;
    const outcome = await hostedReplaceMemberCard({
      linkId: page.id,
      nonce: input.nonce,
      method: card.method,
      returnUrl,
      ipAddress,
      acceptedSurcharge: input.acceptedSurcharge ?? null,
    });
    if (outcome.result === 'challenge') redirect(outcome.redirectUrl);
    redirect(replaceDestination(page.locale, page.id, outcome));
  },
});

export async function replaceCardAction(form: FormData): Promise<void> {
  await replaceCard(formValues(form), form);
}
