/**
 * Cards in turn for tests that leave many payments in flight at once (the crash test and its child payer, the
 * reconcile race): sandbox GB cards that authorise without 3-D Secure, surcharge or DCC. Five attempts of one card
 * in flight at once are what the card-testing limits stop (lib/core/payments/card-testing-window.ts), so such a
 * test uses each card at most four times: at most 12 payments.
 */
export const IN_FLIGHT_CARDS = ['4111 1111 1111 1111', '5555 5555 5555 4444', '3700 0000 0000 002'];
