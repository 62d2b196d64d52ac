'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import type { CardCheck } from '@/lib/core/hosted-checkout/card-check';
import type { CheckoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import { hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';
import { hostedCardCheck } from '@/lib/core/hosted-checkout/hosted-card-check';
import { clientIp } from '@/lib/http/client-ip';

/*
 * "The card is known": asks the server for the card's facts and what the
 * link's rules make of them, before the customer pays. Takes at most the first
 * 8 digits of a number (the sandbox BIN lookup) or adyen-web's encrypted number
 * (production); anything longer or else is refused by the schema. Answers
 * facts only: brand, funding, class, country, last four; never a number.
 */
// covered: a group member's other links paid with this one (the quote is on their total).
const covered = z.array(z.uuid()).max(12).optional();
const lookup = z.union([
  z.object({ linkId: z.uuid(), covered, bin: z.string().regex(/^\d{8}$/), lastFour: z.string().regex(/^\d{4}$/).optional() }).strict(),
  z.object({
    linkId: z.uuid(), covered, encryptedCardNumber: z.string().min(1).max(5000),
    bin: z.string().regex(/^\d{6,8}$/).optional(), lastFour: z.string().regex(/^\d{4}$/).optional(),
  }).strict(),
]);

export async function cardCheckAction(input: unknown): Promise<CardCheck> {
  const parsed = lookup.safeParse(input);
  if (!parsed.success) return { status: 'unknown' };
  const { linkId, covered: coveredLinkIds, ...card } = parsed.data;
  return hostedCardCheck(linkId, 'encryptedCardNumber' in card
    ? { kind: 'adyen_encrypted', encryptedCardNumber: card.encryptedCardNumber, bin: card.bin, lastFour: card.lastFour }
    : { kind: 'bin', bin: card.bin, lastFour: card.lastFour }, coveredLinkIds, clientIp(await headers()));
}

/**
 * What the state table says of the link now. The card form asks when it is
 * shown again from the browser's history (the back button after paying), so a
 * page restored from the client's cache turns into the one true outcome.
 */
export async function checkoutStateAction(linkId: unknown, kind: unknown = 'payment_link'): Promise<CheckoutPageState> {
  const parsed = z.object({ linkId: z.uuid(), kind: z.enum(['payment_link', 'ecommerce']) }).safeParse({ linkId, kind });
  if (!parsed.success) return 'not_found';
  return (await hostedCheckoutState(parsed.data.linkId, parsed.data.kind)).state;
}
