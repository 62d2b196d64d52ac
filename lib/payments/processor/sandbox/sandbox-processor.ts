import { now } from '@/lib/clock';
import type { Db } from '@/lib/db/types';
import {
  ProcessorError,
  type CardFacts,
  type FinalResult,
  type ModificationResult,
  type PaymentMethodInput,
  type Processor,
} from '../port';
import { evaluateCard } from './card-outcome';
import { sandboxAuthorise, sandboxFinishChallenge, sandboxVerifyCard } from './sandbox-authorise';
import { cardVerificationOf, finalCardVerification } from '../card-verification';
import { sandboxCapture, sandboxRefund, sandboxReverse } from './sandbox-modifications';
import { sandboxFinishOpenBanking, sandboxStartOpenBanking } from './sandbox-open-banking';
import { sandboxChargeStoredCard } from './sandbox-stored-card';
import { sandboxFindPayment } from './sandbox-find-payment';
import { findByKey, rowsForReference } from './sandbox-ledger';
import { cardData, referenceOfKey, sendSandboxNotifications, type SandboxItem } from './sandbox-notify';

/** The AUTHORISATION item of a final answer: success with the card (and a stored card's token), or the refusal's reason. */
function authorisationItem(
  result: FinalResult,
  reference: string | null,
  amount: number | null,
  currency: string | null,
): SandboxItem {
  return {
    eventCode: 'AUTHORISATION',
    success: result.status === 'authorised',
    pspReference: result.providerReference,
    merchantReference: reference,
    amount,
    currency,
    ...(result.status === 'declined' ? { reason: result.reason } : {}),
    additionalData: cardData(
      'card' in result ? result.card : undefined,
      result.status === 'authorised' ? result.storedCardToken : undefined,
    ),
  };
}

/** The sandbox names every payment when it starts, so a payment without its reference is not one of its own. */
function known(providerReference: string | null): string {
  if (!providerReference) throw new ProcessorError('the sandbox has no payment without a reference');
  return providerReference;
}

/**
 * The built-in processor of sandbox mode (product.md section 10): the test
 * cards of sandbox-cards.ts, a 3-D Secure page and a bank page, and a ledger
 * (sandbox_processor_operations) that answers every retried idempotency key
 * from its first answer. It keeps behaviour profiles, never card numbers.
 */
export class SandboxProcessor implements Processor {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: Db) {}

  async lookupCard(method: PaymentMethodInput): Promise<CardFacts | null> {
    if (method.kind !== 'card') return null;
    const outcome = evaluateCard(method, now());
    return outcome.known ? outcome.facts : null;
  }

  /** Sends Adyen-shaped notification items (sandbox-notify.ts); a method, so a test can lose them as a network would. */
  notify(items: SandboxItem[]): Promise<void> {
    return sendSandboxNotifications(this.db, items);
  }

  // Each operation that settles something also sends its notification.
  async authorise(input: Parameters<Processor['authorise']>[0]) {
    const result = await sandboxAuthorise(this.db, input);
    if (result.status !== 'challenge')
      await this.notify([authorisationItem(result, input.reference, input.amount, input.currency)]);
    return result;
  }

  async finishChallenge(input: Parameters<Processor['finishChallenge']>[0]) {
    const providerReference = known(input.providerReference);
    const result = await sandboxFinishChallenge(this.db, { providerReference, payload: input.payload });
    const started = (await rowsForReference(this.db, providerReference)).find((row) => row.kind === 'authorise');
    await this.notify([
      authorisationItem(result, started?.idempotencyKey ?? null, started?.amount ?? null, started?.currency ?? null),
    ]);
    return result;
  }

  // The sandbox settles a modification at once ('done'); its notification, applied later, only confirms it.
  async capture(input: Parameters<Processor['capture']>[0]): Promise<ModificationResult> {
    await sandboxCapture(this.db, input);
    const providerReference = `${input.providerReference}-CAPTURE`;
    await this.notify([
      {
        eventCode: 'CAPTURE',
        success: true,
        pspReference: providerReference,
        originalReference: input.providerReference,
        merchantReference: referenceOfKey(input.idempotencyKey),
        amount: input.amount,
        currency: input.currency,
      },
    ]);
    return { status: 'done', providerReference };
  }

  /** Like Adyen's /reversals, settled with CANCEL_OR_REFUND; the sandbox reverses only what was not captured ('cancel'). */
  async reverse(input: Parameters<Processor['reverse']>[0]): Promise<ModificationResult> {
    await sandboxReverse(this.db, input);
    const providerReference = `${input.providerReference}-CANCEL`;
    await this.notify([
      {
        eventCode: 'CANCEL_OR_REFUND',
        success: true,
        pspReference: providerReference,
        originalReference: input.providerReference,
        merchantReference: referenceOfKey(input.idempotencyKey),
        additionalData: { 'modification.action': 'cancel' },
      },
    ]);
    return { status: 'done', providerReference };
  }

  async refund(input: Parameters<Processor['refund']>[0]): Promise<ModificationResult> {
    const { providerReference } = await sandboxRefund(this.db, input);
    await this.notify([
      {
        eventCode: 'REFUND',
        success: true,
        pspReference: providerReference,
        originalReference: input.providerReference,
        merchantReference: referenceOfKey(input.idempotencyKey),
        amount: input.amount,
        currency: input.currency,
      },
    ]);
    return { status: 'done', providerReference };
  }

  async chargeStoredCard(input: Parameters<Processor['chargeStoredCard']>[0]) {
    const result = await sandboxChargeStoredCard(this.db, input);
    await this.notify([authorisationItem(result, input.reference, input.amount, input.currency)]);
    return result;
  }

  /** A zero-value authorisation that stores the card; its AUTHORISATION (amount 0) names no payment of ours. */
  async verifyAndStoreCard(input: Parameters<Processor['verifyAndStoreCard']>[0]) {
    const result = await sandboxVerifyCard(this.db, input);
    if (result.status !== 'challenge')
      await this.notify([authorisationItem(result, input.reference, 0, input.currency)]);
    return cardVerificationOf(result, input.reference);
  }

  /** The verification's challenge, found by the key it was sent under: its ledger row names the sandbox's reference. */
  async finishCardVerification(input: Parameters<Processor['finishCardVerification']>[0]) {
    const started = await findByKey(this.db, input.idempotencyKey);
    if (!started || started.kind !== 'authorise')
      throw new ProcessorError(`no card verification was sent under ${input.reference}`);
    const result = await this.finishChallenge({ providerReference: started.providerReference, payload: input.payload });
    return finalCardVerification(cardVerificationOf(result, input.reference), input.reference);
  }

  startOpenBanking(input: Parameters<Processor['startOpenBanking']>[0]) {
    return sandboxStartOpenBanking(this.db, input);
  }

  finishOpenBanking(input: Parameters<Processor['finishOpenBanking']>[0]) {
    return sandboxFinishOpenBanking(this.db, { providerReference: known(input.providerReference) });
  }

  findPayment(input: Parameters<Processor['findPayment']>[0]) {
    return sandboxFindPayment(this.db, input);
  }
}
