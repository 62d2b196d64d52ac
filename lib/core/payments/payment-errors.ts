import { AppError } from '@/lib/http/app-error';

export const checkoutExpired = () => new AppError('checkout.expired', 'This payment link has expired and cannot be paid.');
export const checkoutPaid = () => new AppError('checkout.already_paid', 'This payment link has already been paid.');
export const paymentInProgress = () =>
  new AppError('checkout.payment_in_progress', 'A payment for this link is already in progress. Finish it, or wait a moment and try again.');
export const methodNotAccepted = (method: string) => new AppError('checkout.method_not_accepted', `${method} is not accepted for this payment.`);
