import { now } from '@/lib/clock';
import type { Db, Executor } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { chosenInstalments, type InstalmentChoice } from '../groups/instalment-choices';
import { loadMemberLinks } from '../groups/member-link-states';
import { loadPayableCheckout, type PayableCheckout } from './load-payable-checkout';
import { checkoutPaid, paymentInProgress } from './payment-errors';

export const instalmentsNotPayable = () =>
  new AppError(
    'checkout.instalments_not_payable',
    'These instalments cannot be paid together now: pay this instalment alone, or with your earlier unpaid instalments in due order.',
  );

/**
 * What a payment on a link pays (docs/groups.md, "Member checkout"): the link
 * alone, or for a group member's link, the link and the other instalments it
 * names (`covered`) when those are one of the member's choices now. The
 * amount is their sum; the card rules (surcharge, DCC) apply to it as to one
 * link's amount. Null for a link of no member (its own amount, as ever).
 */
export async function paymentCoverage(
  db: Executor,
  link: { id: string; groupMemberId: string | null },
  covered: readonly string[] = [],
): Promise<InstalmentChoice | null> {
  if (!link.groupMemberId) {
    if (covered.length > 0) throw instalmentsNotPayable();
    return null;
  }
  const links = await loadMemberLinks(db, link.groupMemberId);
  const page = links.find((l) => l.id === link.id);
  // Deleted since it was read (the member removed, the schedule changed): the same 404 as a deleted link.
  if (!page) throw notFound('Payment link');
  if (page.state === 'paid') throw checkoutPaid();
  if (page.state === 'in_progress') throw paymentInProgress();
  const choice = chosenInstalments(link.id, covered, links, now());
  if (!choice) throw instalmentsNotPayable();
  return choice;
}

/**
 * The checkout as the payment sees it: for several instalments of a group
 * member, the link with the amount of all of them, so every card rule
 * (surcharge, DCC, the processor's amount) reads the total. startTransaction
 * checks the selection again under the member's lock. `choice`: the member's
 * selection (what remains for automatic collection), null for a link of no member.
 */
export async function payableSelection(
  db: Db,
  checkoutId: string,
  coveredLinkIds: readonly string[] = [],
): Promise<PayableCheckout & { choice: InstalmentChoice | null }> {
  const checkout = await loadPayableCheckout(db, checkoutId);
  const coverage = await paymentCoverage(db, checkout.link, coveredLinkIds);
  return coverage
    ? { ...checkout, link: { ...checkout.link, amount: coverage.amount }, choice: coverage }
    : { ...checkout, choice: null };
}
