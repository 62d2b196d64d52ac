import type { Db } from '@/lib/db/types';
import type { CardBrand, OpenBankingStatus } from '../port';
import type { AuthoriseOutcome } from './sandbox-authorise';
import { findByKey, parseOutcome, rowsForReference } from './sandbox-ledger';
import { challengeFinishKey } from './sandbox-references';

/** What the sandbox 3-D Secure and bank pages show, and where they send the customer back to. */
export type SandboxPendingPayment =
  | {
      step: 'challenge';
      amount: number;
      currency: string;
      returnUrl: string;
      card: { brand: CardBrand; lastFour: string };
      finished: boolean;
    }
  | { step: 'bank'; amount: number; currency: string; returnUrl: string; status: OpenBankingStatus };

/** Sandbox only: the challenge or bank payment behind a provider reference, or null when there is none. */
export async function sandboxPendingPayment(db: Db, providerReference: string): Promise<SandboxPendingPayment | null> {
  const rows = await rowsForReference(db, providerReference);
  const bank = rows.find((row) => row.kind === 'open_banking');
  if (bank) {
    const decision = rows.find((row) => row.kind === 'bank_decision');
    return {
      step: 'bank',
      amount: bank.amount ?? 0,
      currency: bank.currency ?? '',
      returnUrl: parseOutcome<{ returnUrl: string }>(bank).returnUrl,
      status: decision ? parseOutcome<{ status: OpenBankingStatus }>(decision).status : 'pending',
    };
  }
  const started = rows.find((row) => row.kind === 'authorise');
  const outcome = started && parseOutcome<AuthoriseOutcome>(started);
  if (!started || !outcome || outcome.result.status !== 'challenge') return null;
  const { brand, lastFour } = outcome.result.card;
  const finished = Boolean(await findByKey(db, challengeFinishKey(providerReference)));
  return {
    step: 'challenge',
    amount: started.amount ?? 0,
    currency: started.currency ?? '',
    returnUrl: outcome.returnUrl,
    card: { brand, lastFour },
    finished,
  };
}
