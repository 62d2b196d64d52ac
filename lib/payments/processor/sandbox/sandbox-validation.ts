import { ProcessorError } from '../port';

const isoCurrencies = ['GBP', 'USD', 'EUR'];

/** The port speaks ISO codes; a caller passing our GBX/USX/EUX is a bug the sandbox reports before production does. */
export function assertCurrency(currency: string): void {
  if (!isoCurrencies.includes(currency))
    throw new ProcessorError(`currency must be an ISO code (GBP, USD, EUR), not ${currency}`);
}

export function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new ProcessorError(`amount must be a positive integer of minor units, not ${amount}`);
}
