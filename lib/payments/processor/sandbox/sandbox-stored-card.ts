import type { Db } from '@/lib/db/types';
import { ProcessorError, type FinalResult, type Processor } from '../port';
import { sandboxCardByProfile, sandboxCardFacts } from './sandbox-cards';
import { once, parseOutcome, rowsForReference } from './sandbox-ledger';
import { newProviderReference, parseStoredCardToken } from './sandbox-references';
import { assertAmount, assertCurrency } from './sandbox-validation';

type ChargeInput = Parameters<Processor['chargeStoredCard']>[0];

/** Stored-card behaviour by the card's profile: the customer is not present, so no 3-D Secure and no name check. */
const declineReasonWithoutCustomer: Record<string, string | undefined> = {
  decline: 'declined',
  insufficient_funds: 'insufficient_funds',
  approve_then_decline_stored: 'insufficient_funds',
};

export async function sandboxChargeStoredCard(db: Db, input: ChargeInput): Promise<FinalResult> {
  assertAmount(input.amount);
  assertCurrency(input.currency);
  const token = parseStoredCardToken(input.token);
  const card = token && sandboxCardByProfile(token.profile);
  if (!token || !card || !(await wasIssued(db, input.token, token.providerReference))) {
    throw new ProcessorError('unknown stored-card token');
  }
  // Nearly every charge carries a new key: write first (one statement), read only when the key is taken.
  return once(
    db,
    input.idempotencyKey,
    { kind: 'charge_stored', writeFirst: true },
    () => {
      const providerReference = newProviderReference();
      const facts = sandboxCardFacts(card);
      const reason = declineReasonWithoutCustomer[card.behaviour];
      const result: FinalResult = reason
        ? { status: 'declined', providerReference, reason, card: facts }
        : { status: 'authorised', providerReference, card: facts, captured: input.capture };
      return {
        kind: 'charge_stored',
        providerReference,
        amount: input.amount,
        currency: input.currency,
        outcome: JSON.stringify({ result }),
        cardProfile: card.profile,
      };
    },
    (row) => parseOutcome<{ result: FinalResult }>(row).result,
  );
}

/**
 * Tokens this database's ledger is known to have issued. Ledger rows are never
 * changed or deleted, so a token once found stays issued: the runner charging
 * one stored card for many payments asks the ledger once, not once per charge.
 * Keyed by database (tests open many); an unknown token is asked again each time.
 */
const issuedTokens = new WeakMap<Db, Set<string>>();

/** A well-formed token is only good if the payment it names really issued it. */
async function wasIssued(db: Db, token: string, providerReference: string): Promise<boolean> {
  const known = issuedTokens.get(db);
  if (known?.has(token)) return true;
  const rows = await rowsForReference(db, providerReference);
  const issued = rows.some(
    (row) =>
      (row.kind === 'authorise' || row.kind === 'finish_challenge') &&
      parseOutcome<{ result: { storedCardToken?: string } }>(row).result.storedCardToken === token,
  );
  if (issued) {
    if (known) known.add(token);
    else issuedTokens.set(db, new Set([token]));
  }
  return issued;
}
