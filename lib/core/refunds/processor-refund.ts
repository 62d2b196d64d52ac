/**
 * How much of a refund requested in the link's currency goes to the processor
 * in the currency the payment was authorised in (DCC), at the payment's own
 * recorded rate taken / sent. The cumulative refunded amount is converted, not
 * each refund alone (largest remainder over the sequence): this refund is
 * converted(before + amount) less what earlier refunds already sent, kept
 * within what is left. So the refunds together never send more than was taken,
 * and the one that completes a full refund sends exactly what is left.
 * Without DCC the rate is 1 and the amount passes unchanged.
 */
export function processorRefundAmount(input: {
  taken: number;
  sent: number;
  heldBefore: number;
  sentBefore: number;
  amount: number;
}): number {
  const cumulative = input.heldBefore + input.amount;
  // Half up, exact in BigInt: taken x sent may pass 2^53 for large amounts.
  const converted = Number(
    (2n * BigInt(cumulative) * BigInt(input.sent) + BigInt(input.taken)) / (2n * BigInt(input.taken)),
  );
  return Math.min(input.sent - input.sentBefore, Math.max(0, converted - input.sentBefore));
}
