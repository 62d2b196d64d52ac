import { now } from '@/lib/clock';
import type { Db } from '@/lib/db/types';
import type { CardFacts, PaymentMethodInput, Processor } from '../port';
import { evaluateCard } from './card-outcome';
import { sandboxAuthorise, sandboxFinishChallenge } from './sandbox-authorise';
import { sandboxCapture, sandboxRefund, sandboxReverse } from './sandbox-modifications';
import { sandboxFinishOpenBanking, sandboxStartOpenBanking } from './sandbox-open-banking';
import { sandboxChargeStoredCard } from './sandbox-stored-card';
import { sandboxFindPayment } from './sandbox-find-payment';

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

  authorise(input: Parameters<Processor['authorise']>[0]) {
    return sandboxAuthorise(this.db, input);
  }

  finishChallenge(input: Parameters<Processor['finishChallenge']>[0]) {
    return sandboxFinishChallenge(this.db, input);
  }

  capture(input: Parameters<Processor['capture']>[0]) {
    return sandboxCapture(this.db, input);
  }

  reverse(input: Parameters<Processor['reverse']>[0]) {
    return sandboxReverse(this.db, input);
  }

  refund(input: Parameters<Processor['refund']>[0]) {
    return sandboxRefund(this.db, input);
  }

  chargeStoredCard(input: Parameters<Processor['chargeStoredCard']>[0]) {
    return sandboxChargeStoredCard(this.db, input);
  }

  startOpenBanking(input: Parameters<Processor['startOpenBanking']>[0]) {
    return sandboxStartOpenBanking(this.db, input);
  }

  finishOpenBanking(input: Parameters<Processor['finishOpenBanking']>[0]) {
    return sandboxFinishOpenBanking(this.db, input);
  }

  findPayment(input: Parameters<Processor['findPayment']>[0]) {
    return sandboxFindPayment(this.db, input);
  }
}
