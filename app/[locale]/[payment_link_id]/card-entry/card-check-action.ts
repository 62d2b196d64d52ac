'use server';

import { z } from 'zod';
import type { CardCheck } from '@/lib/core/hosted-checkout/card-check';
import type { CheckoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import { hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';
import { hostedCardCheck } from '@/lib/core/hosted-checkout/hosted-card-check';
import { checkoutAction } from '../../checkout-action';

/*
 * "The card is known": asks the server for the card's facts and what the
 * link's rules make of them, before the customer pays. Takes at most the first
 * 8 digits of a number (the sandbox BIN lookup) or adyen-web's encrypted number
 * (production); anything longer or else is refused by the schema. Answers
 * facts only: brand, funding, class, country, last four; never a number.
 * Both actions go through checkoutAction (../../checkout-action.ts): the link
 * looked at is the page's (`linkId`, when sent, must name it), and a refused
 * call answers as an unknown card or a missing link, never with facts.
 */
// covered: a group member's other links paid with this one (the quote is on their total).
const covered = z.array(z.uuid()).max(12).optional();
const linkId = z.uuid().optional();
const lookup = z.union([
  z
    .object({
      linkId,
      covered,
      bin: z.string().regex(/^\d{8}$/),
      lastFour: z
        .string()
        .regex(/^\d{4}$/)
        .optional(),
    })
    .strict(),
  z
    .object({
      linkId,
      covered,
      encryptedCardNumber: z.string().min(1).max(5000),
      bin: z
        .string()
        .regex(/^\d{6,8}$/)
        .optional(),
      lastFour: z
        .string()
        .regex(/^\d{4}$/)
        .optional(),
    })
    .strict(),
]);

const cardCheck = checkoutAction({
  pages: ['payment_link', 'ecommerce'],
  idField: 'linkId',
  input: lookup,
  refused: (): CardCheck => ({ status: 'unknown' }),
  run: async ({ page, ipAddress }, card): Promise<CardCheck> =>
    hostedCardCheck(
      page.id,
      'encryptedCardNumber' in card
        ? {
            kind: 'adyen_encrypted',
            encryptedCardNumber: card.encryptedCardNumber,
            bin: card.bin,
            lastFour: card.lastFour,
          }
        : { kind: 'bin', bin: card.bin, lastFour: card.lastFour },
      card.covered,
      ipAddress,
    ),
});

export async function cardCheckAction(input: unknown): Promise<CardCheck> {
  return cardCheck(typeof input === 'object' && input !== null ? { ...input } : {}, undefined);
}

const checkoutState = checkoutAction({
  pages: ['payment_link', 'ecommerce'],
  idField: 'linkId',
  input: z.object({ linkId }),
  refused: (): CheckoutPageState => 'not_found',
  run: async ({ page }) =>
    (await hostedCheckoutState(page.id, page.kind === 'ecommerce' ? 'ecommerce' : 'payment_link')).state,
});

/**
 * What the state table says of the page's link now. The card form asks when it is
 * shown again from the browser's history (the back button after paying), so a
 * page restored from the client's cache turns into the one true outcome. The kind
 * (link or embed session) is the page's.
 */
export async function checkoutStateAction(linkId: unknown): Promise<CheckoutPageState> {
  return checkoutState({ linkId }, undefined);
}
