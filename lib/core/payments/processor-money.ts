import { isoCurrency } from '@/lib/money';

type Sent = { amount: number; currency: string; processorAmount: number | null; processorCurrency: string | null };

/**
 * The amount and ISO currency a payment was sent to the processor in: the
 * card currency and converted amount of an accepted DCC offer, else the
 * payment's own. Captures, reverses and refunds must use these (the processor
 * refuses another currency). Rows written before processor_amount existed
 * fall back to amount and currency, which is what was sent then.
 */
export function processorMoney(transaction: Sent): { amount: number; currency: string } {
  if (transaction.processorAmount !== null && transaction.processorCurrency) {
    return { amount: transaction.processorAmount, currency: transaction.processorCurrency };
  }
  return { amount: transaction.amount, currency: isoCurrency(transaction.currency) };
}
