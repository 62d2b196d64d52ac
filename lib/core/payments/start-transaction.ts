import { and, eq } from 'drizzle-orm';
import { transactions, type DccChoice } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { WalletKind } from '@/lib/payments/processor/port';
import { AppError } from '@/lib/http/app-error';
import { routing } from '@/lib/i18n/routing';
import { isUniqueViolation } from '../shared/sql-helpers';
import { holdCardTestingLimit } from './card-testing';
import type { CardKey } from './card-testing-window';
import { loadPayableCheckout } from './load-payable-checkout';
import { lockMemberOfLink } from '../groups/member-locks';
import { instalmentsNotPayable, paymentCoverage } from './member-coverage';
import { paymentBeingConfirmed, paymentInProgress } from './payment-errors';

export type StartInput = {
  checkoutId: string;
  /** A group member's other links this payment also pays (docs/groups.md); the amount must be their sum with the link's. */
  coveredLinkIds?: readonly string[];
  amount: number;
  surcharge: number;
  type: 'CARD' | 'OPEN_BANKING';
  stage: 'authorising' | 'bank';
  method: 'ONLINE' | 'MOTO_IN_PERSON' | 'MOTO_OTHER';
  storeCard: boolean;
  dcc: DccChoice | null;
  /** What is sent to the processor (ISO currency): the converted amount when DCC is accepted. */
  processor: { amount: number; currency: string };
  ipAddress?: string | null;
  fingerprint?: string | null;
  /** The card's BIN and last four as the page gave them, recorded at once so the card-testing limits count the attempt per card. */
  card?: CardKey | null;
  /** The wallet the card comes from (Apple Pay, Google Pay), recorded with the attempt; null for a card typed in. */
  wallet?: WalletKind | null;
  /** Sent with manual capture to be judged on the processor's answer (wallet-decision.ts). */
  decidesAfterAuthorisation?: boolean;
  /** The language of the page the payer paid on: their receipt's (payer-receipt.ts). Anything but a site locale is not kept. */
  locale?: string | null;
};

/**
 * Opens a PAYMENTINPROGRESS transaction on a checkout. The link row is locked
 * and re-checked (not expired, not paid, not deleted), and the unique index on
 * live payments per link means a second click, tab or retry cannot start a
 * second payment: it gets "payment in progress" and nothing is charged.
 *
 * A group member's link: the member row, then all their live links (id order), are
 * locked first (lockMemberOfLink, the one order of member-locks.ts), so two payments of one member serialise; the covered links
 * must be one of the member's choices now (paymentCoverage: same member, live,
 * unpaid, covered by no other live payment, in due order) and the amount
 * their sum plus the surcharge, or nothing starts.
 */
export async function startTransaction(db: Db, input: StartInput): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      await lockMemberOfLink(tx, input.checkoutId);
      const { link } = await loadPayableCheckout(tx, input.checkoutId, { lock: true });
      const coverage = await paymentCoverage(tx, link, input.coveredLinkIds ?? []);
      if (coverage && coverage.amount + input.surcharge !== input.amount) throw instalmentsNotPayable();
      // Under the link's lock: the second of two card attempts racing at the card-testing limit is refused here.
      if (input.type === 'CARD') {
        await holdCardTestingLimit(tx, {
          linkId: link.id,
          organisationId: link.organisationId,
          ipAddress: input.ipAddress ?? null,
          card: input.card ?? null,
        });
      }
      const [created] = await tx
        .insert(transactions)
        .values({
          organisationId: link.organisationId,
          bookingId: link.bookingId,
          paymentLinkId: link.id,
          coveredLinkIds: coverage?.covered.length ? coverage.covered : null,
          amount: input.amount,
          currency: link.currency,
          surcharge: input.surcharge,
          status: 'PAYMENTINPROGRESS',
          stage: input.stage,
          type: input.type,
          method: input.method,
          storeCard: input.storeCard,
          dcc: input.dcc,
          processorAmount: input.processor.amount,
          processorCurrency: input.processor.currency,
          ipAddress: input.ipAddress ?? null,
          fingerprint: input.fingerprint ?? null,
          cardBin: input.card?.bin ?? null,
          cardLastFour: input.card?.lastFour ?? null,
          wallet: input.wallet ?? null,
          decidesAfterAuthorisation: input.decidesAfterAuthorisation ?? false,
          locale: input.locale && isLocale(input.locale) ? input.locale : null,
        })
        .returning({ id: transactions.id });
      return created!;
    });
  } catch (error) {
    const inProgress = error instanceof AppError && error.code === 'checkout.payment_in_progress';
    if (isUniqueViolation(error) || inProgress)
      throw (await unsettledOn(db, input.checkoutId)) ? paymentBeingConfirmed() : paymentInProgress();
    throw error;
  }
}

/** True when the link's live payment is one whose outcome the processor has not confirmed yet. */
async function unsettledOn(db: Db, checkoutId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.paymentLinkId, checkoutId),
        eq(transactions.status, 'PAYMENTINPROGRESS'),
        eq(transactions.stage, 'unsettled'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const isLocale = (locale: string): boolean => (routing.locales as readonly string[]).includes(locale);
