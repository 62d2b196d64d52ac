import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { z } from 'zod';
import { hostedCheckoutState, hostedFinishReturn } from '@/lib/core/hosted-checkout/hosted-payments';
import { checkoutPath, notFoundPath, outcomeUrl } from '../checkout-paths';

type Props = { params: Promise<{ locale: string; payment_link_id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Where 3-D Secure and the bank send the customer back, with `transaction_id`
 * (and, from a real processor, its own result fields). The payment is
 * finished here, once; then the state table decides where the customer goes:
 * paid to success, a refusal to failure, anything still open to the link.
 * A refresh finds the attempt settled and changes nothing. A page rather than
 * a route handler: the sandbox pages return here through a server action's
 * redirect, which the client router follows only to pages.
 */
export default async function ReturnPage({ params, searchParams }: Props) {
  await connection();
  const { locale, payment_link_id: linkId } = await params;
  const query = Object.fromEntries(Object.entries(await searchParams).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const transactionId = z.uuid().safeParse(query.transaction_id);
  if (transactionId.success) {
    const payload = { ...query };
    delete payload.transaction_id;
    await hostedFinishReturn(linkId, transactionId.data, payload);
  }
  const { checkout, state } = await hostedCheckoutState(linkId);
  if (!checkout) redirect(notFoundPath(locale, linkId));
  if (state === 'paid') redirect(outcomeUrl(checkout, locale, 'success'));
  const latest = transactionId.success && checkout.latest?.id === transactionId.data ? checkout.latest : null;
  if (latest && ['DECLINED', 'FAILED'].includes(latest.status)) redirect(outcomeUrl(checkout, locale, 'failure'));
  if (latest?.status === 'ABANDONED') redirect(outcomeUrl(checkout, locale, 'cancel'));
  redirect(checkoutPath(locale, linkId));
}
