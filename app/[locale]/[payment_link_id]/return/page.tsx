import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { pageSurface } from '../checkout-surface';
import { returnDestination } from '../returned-payment';

type Props = {
  params: Promise<{ locale: string; payment_link_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * Where 3-D Secure and the bank send the customer back, with only the
 * processor's `redirectResult` (Adyen adds no id of ours; the sandbox neither):
 * the link's attempt waiting there is finished once, then the customer goes to
 * the result page or the link's own URL (returned-payment.ts). A page rather than a route handler: the sandbox pages
 * return here through a server action's redirect, which the client router
 * follows only to pages.
 */
export default async function ReturnPage({ params, searchParams }: Props) {
  await connection();
  const { locale, payment_link_id: linkId } = await params;
  const destination = await returnDestination(pageSurface, locale, linkId, await searchParams);
  if (!destination) notFound();
  redirect(destination);
}
