import { now } from '@/lib/clock';
import { publicBaseUrl } from '@/lib/config';
import type { Db } from '@/lib/db/types';
import {
  ProcessorError,
  type AuthoriseResult,
  type CardFacts,
  type CardVerificationInput,
  type FinalResult,
  type Processor,
} from '../port';
import { evaluateCard, type CardOutcome } from './card-outcome';
import { findByKey, once, parseOutcome, rowsForReference, type LedgerEntry } from './sandbox-ledger';
import {
  challengeFinishKey,
  newProviderReference,
  newStoredCardToken,
  sandboxRedirectResult,
} from './sandbox-references';
import { assertAmount, assertCurrency } from './sandbox-validation';

type AuthoriseInput = Parameters<Processor['authorise']>[0];
/** The sandbox names every payment at once: its answers always carry a reference, a challenge's too. */
export type SandboxAuthoriseResult = AuthoriseResult & { providerReference: string };
/** The authorise row keeps what finishing a challenge needs: the answer, whether to capture and store, where the customer returns. */
export type AuthoriseOutcome = {
  result: SandboxAuthoriseResult;
  capture: boolean;
  storeCard: boolean;
  returnUrl: string;
};

export async function sandboxAuthorise(db: Db, input: AuthoriseInput): Promise<SandboxAuthoriseResult> {
  assertAmount(input.amount);
  return authoriseOnce(db, input);
}

/**
 * A card verification (port.ts verifyAndStoreCard) as Adyen makes it: an authorisation of amount 0 that stores the
 * card, nothing captured. The test cards answer as they do for a payment (declined, insufficient funds, the 3-D
 * Secure card's challenge), and the challenge finishes through the same page and ledger rows as a payment's.
 */
export async function sandboxVerifyCard(db: Db, input: CardVerificationInput): Promise<SandboxAuthoriseResult> {
  return authoriseOnce(db, {
    reference: input.reference,
    amount: 0,
    currency: input.currency,
    method: input.method,
    capture: false,
    storeCard: true,
    storedCardUse: input.storedCardUse,
    returnUrl: input.returnUrl,
    idempotencyKey: input.idempotencyKey,
    shopperInteraction: 'ecommerce',
  });
}

async function authoriseOnce(db: Db, input: AuthoriseInput): Promise<SandboxAuthoriseResult> {
  assertCurrency(input.currency);
  return once(
    db,
    input.idempotencyKey,
    { kind: 'authorise' },
    (): LedgerEntry => {
      const providerReference = newProviderReference();
      const card = evaluateCard(input.method, now());
      const outcome: AuthoriseOutcome = {
        result: decide(input, card, providerReference),
        capture: input.capture,
        storeCard: input.storeCard,
        returnUrl: input.returnUrl,
      };
      const cardProfile = card.known ? card.card.profile : null;
      return {
        kind: 'authorise',
        providerReference,
        amount: input.amount,
        currency: input.currency,
        outcome: JSON.stringify(outcome),
        cardProfile,
      };
    },
    (row) => parseOutcome<AuthoriseOutcome>(row).result,
  );
}

function decide(input: AuthoriseInput, outcome: CardOutcome, providerReference: string): SandboxAuthoriseResult {
  if (!outcome.known) return { status: 'declined', providerReference, reason: outcome.reason };
  const { card, facts } = outcome;
  if (outcome.decline) return { status: 'declined', providerReference, reason: outcome.decline, card: facts };
  switch (card.behaviour) {
    case 'decline':
      return { status: 'declined', providerReference, reason: 'declined', card: facts };
    case 'insufficient_funds':
      return { status: 'declined', providerReference, reason: 'insufficient_funds', card: facts };
    case 'challenge':
      // MOTO is out of 3-D Secure's scope (the cardholder is not at the page): the 3DS test card authorises as it is.
      if (input.shopperInteraction === 'moto')
        return authorised(providerReference, facts, input.capture, input.storeCard ? card.profile : null);
      return {
        status: 'challenge',
        providerReference,
        redirectUrl: `${publicBaseUrl()}/sandbox/3ds/${providerReference}`,
        card: facts,
      };
    default:
      return authorised(providerReference, facts, input.capture, input.storeCard ? card.profile : null);
  }
}

function authorised(
  providerReference: string,
  card: CardFacts,
  captured: boolean,
  storeProfile: string | null,
): FinalResult {
  const storedCardToken = storeProfile ? newStoredCardToken(storeProfile, providerReference) : undefined;
  return { status: 'authorised', providerReference, card, captured, ...(storedCardToken ? { storedCardToken } : {}) };
}

/**
 * The sandbox 3-D Secure page answers with `password`: "password" passes, anything else fails. The customer's return
 * then brings `redirectResult` (sandboxRedirectResult), which reads that answer, as Adyen's /payments/details reads
 * the issuer's: a redirectResult of another payment, or before the challenge was answered, is refused as Adyen
 * refuses an invalid one. Finishing twice answers the first finish.
 */
export async function sandboxFinishChallenge(
  db: Db,
  input: { providerReference: string; payload: Record<string, string> },
): Promise<FinalResult> {
  if (input.payload.redirectResult !== undefined) {
    if (input.payload.redirectResult !== sandboxRedirectResult(input.providerReference))
      throw new ProcessorError(`this redirectResult is not ${input.providerReference}'s`);
    const answered = await findByKey(db, challengeFinishKey(input.providerReference));
    if (!answered) throw new ProcessorError(`the 3-D Secure challenge of ${input.providerReference} was not answered`);
    return parseOutcome<{ result: FinalResult }>(answered).result;
  }
  const rows = await rowsForReference(db, input.providerReference);
  const started = rows.find((row) => row.kind === 'authorise');
  const pending = started && parseOutcome<AuthoriseOutcome>(started);
  if (!started || !pending || pending.result.status !== 'challenge') {
    throw new ProcessorError(`no 3-D Secure challenge is waiting for ${input.providerReference}`);
  }
  const challenge = pending.result;
  return once(
    db,
    challengeFinishKey(input.providerReference),
    { kind: 'finish_challenge', providerReference: input.providerReference },
    (): LedgerEntry => {
      const result: FinalResult =
        input.payload.password === 'password'
          ? authorised(
              input.providerReference,
              challenge.card,
              pending.capture,
              pending.storeCard ? started.cardProfile : null,
            )
          : {
              status: 'declined',
              providerReference: input.providerReference,
              reason: '3ds_failed',
              card: challenge.card,
            };
      return {
        kind: 'finish_challenge',
        providerReference: input.providerReference,
        amount: started.amount,
        currency: started.currency,
        outcome: JSON.stringify({ result }),
        cardProfile: started.cardProfile,
      };
    },
    (row) => parseOutcome<{ result: FinalResult }>(row).result,
  );
}
