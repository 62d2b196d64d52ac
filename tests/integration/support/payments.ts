import { payByCard, type CardPaymentInput } from '@/lib/core/payments/pay-by-card';
import { getDb } from '@/lib/db/client';
import { api } from './api-client';
import { createBookingVia } from './fixtures';

/** Sandbox test cards of product.md section 10. */
export const cards = {
  visa: '4111 1111 1111 1111',
  mastercardDebit: '5555 5555 5555 4444',
  amex: '3700 0000 0000 002',
  visa3ds: '4212 3456 7891 0006',
  visaFrance: '4035 5010 0000 0008',
  visaUs: '4400 0000 0000 0008',
  mastercardCommercial: '5200 8300 0000 0007',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0099 9999 9009',
  declinesLater: '4000 0300 0000 0006',
} as const;

export const card = (number: string, holderName = 'Jane Traveller') => ({
  kind: 'card' as const,
  number,
  expiryMonth: 12,
  expiryYear: 2034,
  cvc: '123',
  holderName,
});

/** A payment link made through PUT /agent/payment-links; returns its id. */
export async function createLinkVia(
  token: string,
  organisation: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await api.put(
    '/agent/payment-links',
    { organisation, customer_name: 'Jane Traveller', email: 'jane@example.com', amount: 10000, ...overrides },
    { token },
  );
  if (response.status !== 200) throw new Error(`create link failed: ${response.text}`);
  return response.body.data.id;
}

/** Pays a link the way the hosted page does, through the service layer. */
export async function pay(checkoutId: string, number: string = cards.visa, extra: Partial<CardPaymentInput> = {}) {
  return payByCard(await getDb(), { checkoutId, method: card(number), returnUrl: 'http://localhost/return', ...extra });
}

/** A booking with a card saved on it through a paid link (store_card_forced); returns the booking and the card's token. */
export async function bookingWithSavedCard(token: string, organisation: string, number: string = cards.visa) {
  const bookingId = await createBookingVia(token, organisation);
  const linkId = await createLinkVia(token, organisation, { booking_id: bookingId, store_card_forced: true });
  const outcome = await pay(linkId, number);
  if (outcome.outcome !== 'paid') throw new Error(`could not save a card: ${JSON.stringify(outcome)}`);
  const tokens = await api.get(`/payment/booking/${bookingId}/available-tokens`, { token });
  return { bookingId, cardToken: tokens.body.data[0].id as string };
}
