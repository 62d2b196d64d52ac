/**
 * The crash test's cards, in turn (crash-recovery.test.ts and its child payer): sandbox GB cards that authorise
 * without 3-D Secure, surcharge or DCC. Twelve attempts of one card at once are what the card-testing limits stop
 * (lib/core/payments/card-testing-window.ts), so no card is used more than four times.
 */
export const CRASH_CARDS = ['4111 1111 1111 1111', '5555 5555 5555 4444', '3700 0000 0000 002'];
