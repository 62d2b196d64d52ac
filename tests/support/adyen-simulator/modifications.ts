import type { NotificationQueue } from './notifications';
import { adyenId, type Amount, type Answer, type Payment, type State } from './state';

/**
 * POST /payments/{paymentPspReference}/captures | refunds | reversals | cancels and POST /cancels.
 * Adyen accepts a modification asynchronously: 201 with `status: "received"` and the modification's own
 * pspReference (the 201 examples of CheckoutService-v71.json, e.g. post-payments-paymentPspReference-
 * captures-capture-201: `{ merchantAccount, paymentPspReference, reference, pspReference, status, amount }`),
 * and tells the outcome later in a notification: CAPTURE, REFUND, CANCEL_OR_REFUND (for /reversals),
 * CANCELLATION (for /cancels), with originalReference = the payment's pspReference
 * (captureTrue.json / refundFalse.json in adyen-node-api-library's src/__mocks__/notification).
 * - An unknown payment pspReference: 422 errorCode "167" "Original pspReference required for this
 *   operation" (invalidModificationResult in adyen-node-api-library's modification.spec.ts).
 * - A modification the payment cannot take (capturing more than is left authorised, refunding more than
 *   was captured, cancelling a captured payment): still 201 received, then the notification with success
 *   "false" and reason "Insufficient balance on payment" (refundFalse.json) or "Payment already captured".
 * - A test can make the next modification of a payment fail: sim.failModification(psp, 'REFUND', reason?), or of the
 *   next payment of a card number: sim.failModification({ card }, 'CANCEL_OR_REFUND').
 * - holderName "capture failed" / "refund failed" on the payment: the modification succeeds, then
 *   CAPTURE_FAILED / REFUND_FAILED follows (test-values.ts).
 */
type Context = { state: State; notifications: NotificationQueue };
type Body = Record<string, unknown>;
export type ModificationKind = 'captures' | 'refunds' | 'reversals' | 'cancels';

const eventCodes = {
  captures: 'CAPTURE',
  refunds: 'REFUND',
  reversals: 'CANCEL_OR_REFUND',
  cancels: 'CANCELLATION',
} as const;

export function modify(context: Context, kind: ModificationKind, psp: string, body: Body): Answer {
  const payment = context.state.payments.get(psp);
  if (!payment || payment.status !== 'authorised') {
    return {
      status: 422,
      body: {
        status: 422,
        errorCode: '167',
        message: 'Original pspReference required for this operation',
        errorType: 'validation',
        pspReference: adyenId(),
      },
    };
  }
  const modificationPsp = adyenId();
  const amount = (body.amount as Amount | undefined) ?? payment.amount;
  const eventCode = eventCodes[kind];
  const byCard = `card:${payment.card?.number}:${eventCode}`;
  const failureKey = context.state.failures.has(`${psp}:${eventCode}`) ? `${psp}:${eventCode}` : byCard;
  const forced = context.state.failures.get(failureKey);
  context.state.failures.delete(failureKey);
  const reason = forced ?? apply(payment, kind, amount.value);
  context.notifications.add({
    eventCode,
    success: reason === null,
    pspReference: modificationPsp,
    originalReference: psp,
    merchantReference: typeof body.reference === 'string' ? body.reference : payment.reference,
    amount,
    paymentMethod: payment.card?.brand ?? payment.method,
    reason: reason ?? '',
  });
  if (reason === null && payment.failing === eventCode) {
    context.notifications.add({
      eventCode: `${eventCode}_FAILED`,
      success: true,
      pspReference: modificationPsp,
      originalReference: psp,
      merchantReference: payment.reference,
      amount,
      paymentMethod: payment.card?.brand ?? payment.method,
      reason: `${eventCode.toLowerCase()} failed`,
    });
  }
  return {
    status: 201,
    body: {
      merchantAccount: body.merchantAccount,
      paymentPspReference: psp,
      ...(typeof body.reference === 'string' ? { reference: body.reference } : {}),
      pspReference: modificationPsp,
      status: 'received',
      ...(kind === 'captures' || kind === 'refunds' ? { amount } : {}),
    },
  };
}

/** Applies the modification to the payment's balances; the failure reason, or null when it went through. */
function apply(payment: Payment, kind: ModificationKind, value: number): string | null {
  switch (kind) {
    case 'captures':
      if (payment.captured + value > payment.amount.value) return 'Insufficient balance on payment';
      payment.captured += value;
      return null;
    case 'refunds':
      if (payment.refunded + value > payment.captured) return 'Insufficient balance on payment';
      payment.refunded += value;
      return null;
    case 'cancels':
      if (payment.captured > 0) return 'Payment already captured';
      payment.status = 'cancelled';
      return null;
    case 'reversals':
      // Cancel or refund: cancels what is only authorised, refunds what was captured.
      if (payment.captured > 0) payment.refunded = payment.captured;
      else payment.status = 'cancelled';
      return null;
  }
}

/** POST /cancels: the payment named by our own paymentReference (the merchant reference it was sent with). */
export function standaloneCancel(context: Context, body: Body): Answer {
  const payment = [...context.state.payments.values()].find((p) => p.reference === body.paymentReference);
  if (payment) {
    const answer = modify(context, 'cancels', payment.psp, body);
    if (answer.status !== 201) return answer;
    const { pspReference } = answer.body as { pspReference: string };
    const reference = typeof body.reference === 'string' ? { reference: body.reference } : {};
    return {
      status: 201,
      body: {
        merchantAccount: body.merchantAccount,
        paymentReference: body.paymentReference,
        ...reference,
        pspReference,
        status: 'received',
      },
    };
  }
  const pspReference = adyenId();
  context.notifications.add({
    eventCode: 'CANCELLATION',
    success: false,
    pspReference,
    merchantReference: String(body.paymentReference),
    amount: { currency: 'EUR', value: 0 },
    reason: 'Original payment not found',
  });
  return {
    status: 201,
    body: {
      merchantAccount: body.merchantAccount,
      paymentReference: body.paymentReference,
      pspReference,
      status: 'received',
    },
  };
}
