import { z } from 'zod';
import { hostedCheckoutState, hostedFinishReturn } from '@/lib/core/hosted-checkout/hosted-payments';
import { publicBaseUrl } from '@/lib/config';
import { checkoutPath, notFoundPath, outcomeUrl } from '../checkout-paths';

type Context = { params: Promise<{ locale: string; payment_link_id: string }> };

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location: new URL(location, publicBaseUrl()).toString(), 'cache-control': 'no-store' } });

/**
 * Where 3-D Secure and the bank send the customer back, with `transaction_id`
 * (and, from a real processor, its own result fields). The payment is
 * finished here, once; then the state table decides where the customer goes:
 * paid to success, a refusal to failure, anything still open to the link.
 * A refresh of this address finds the attempt settled and changes nothing.
 */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  const { locale, payment_link_id: linkId } = await params;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const transactionId = z.uuid().safeParse(query.transaction_id);
  if (transactionId.success) {
    const payload = { ...query };
    delete payload.transaction_id;
    await hostedFinishReturn(linkId, transactionId.data, payload);
  }
  const { checkout, state } = await hostedCheckoutState(linkId);
  if (!checkout) return seeOther(notFoundPath(locale, linkId));
  if (state === 'paid') return seeOther(outcomeUrl(checkout, locale, 'success'));
  const settledAgainst = checkout.latest?.id === (transactionId.success ? transactionId.data : undefined);
  const refused = settledAgainst && ['DECLINED', 'FAILED'].includes(checkout.latest!.status);
  if (refused) return seeOther(outcomeUrl(checkout, locale, 'failure'));
  if (settledAgainst && checkout.latest!.status === 'ABANDONED') return seeOther(outcomeUrl(checkout, locale, 'cancel'));
  return seeOther(checkoutPath(locale, linkId));
}
