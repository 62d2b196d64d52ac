import type { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { AuthoriseResult } from '@/lib/payments/processor';
import type { AuditActor } from '../audit/record-audit';
import { loadSurchargeRules } from '../groups/collection-charge';
import type { CardPaymentOutcome } from './pay-by-card';
import { decideAuthorised, type AuthorisedWallet, type WalletCheckout } from './wallet-decision';

type Row = typeof transactions.$inferSelect;

/**
 * A production wallet's authorisation that comes after its first answer: Google Pay with a card that is not a
 * device token asks for 3-D Secure (the customer's return), or Adyen answered Received (the AUTHORISATION
 * notification). The payment was sent with manual capture to be judged on the card's facts (wallet-decision.ts), so
 * it is judged here the same way (refused and cancelled, a surcharge the customer has not seen refused and
 * cancelled, or recorded and captured), never recorded as captured: Adyen holds it until we capture.
 *
 * The rules are read from the link as it is now, at the amount this payment was for (its amount without the surcharge
 * accepted before it): the link is not "payable" meanwhile (this very attempt holds it), and a link deleted since is
 * still judged, so an authorisation is never left held unjudged.
 */
export async function decideLateWallet(
  db: Db,
  row: Row,
  result: Extract<AuthoriseResult, { status: 'authorised' }>,
  actor: AuditActor | null = null,
  onPaid?: AuthorisedWallet['onPaid'],
): Promise<CardPaymentOutcome> {
  const checkout = await rulesOfAttempt(db, row);
  return decideAuthorised(db, {
    id: row.id,
    result: { ...result, captured: false },
    checkout,
    accepted: row.surcharge,
    actor,
    onPaid,
  });
}

async function rulesOfAttempt(db: Db, row: Row): Promise<WalletCheckout> {
  // The link's rules as a collection on it reads them (collection-charge.ts): no payable check, deleted links too.
  const rules = row.paymentLinkId ? await loadSurchargeRules(db, row.paymentLinkId) : null;
  if (!rules) throw new Error(`wallet payment ${row.id} has no payment link to judge it by`);
  return { ...rules, link: { ...rules.link, amount: row.amount - row.surcharge }, choice: null };
}
