import { AppError } from '@/lib/http/app-error';

export const checkoutExpired = () =>
  new AppError('checkout.expired', 'This payment link has expired and cannot be paid.');
export const checkoutPaid = () => new AppError('checkout.already_paid', 'This payment link has already been paid.');
export const paymentInProgress = () =>
  new AppError(
    'checkout.payment_in_progress',
    'A payment for this link is already in progress. Finish it, or wait a moment and try again.',
  );
/** Same code as any payment in progress (clients need not tell them apart to refuse a second one); the message is what a page shows. */
export const paymentBeingConfirmed = () =>
  new AppError(
    'checkout.payment_in_progress',
    'A payment for this link is being confirmed with the card processor. Nothing more can be paid until it is; please check again in a few minutes.',
  );
export const methodNotAccepted = (method: string) =>
  new AppError('checkout.method_not_accepted', `${method} is not accepted for this payment.`);
export const cardUnverified = () =>
  'This card could not be verified (its issuing country or brand is unknown), and this payment has card rules that need them. Please use another card.';
export const cardLookupFailed = () =>
  'We could not check this card just now, so nothing was charged. Please try again in a moment.';

/** The failure reason of a wallet authorisation cancelled because its card carries a surcharge the customer had not seen (wallet-decision.ts). */
export const SURCHARGE_TO_CONFIRM = 'surcharge_to_confirm';
