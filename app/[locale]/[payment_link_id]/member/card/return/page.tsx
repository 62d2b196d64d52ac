import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { hostedFinishMemberCardReplace } from '@/lib/core/groups/member-card-replace';
import { amountParam, replaceDestination } from '../card-destination';

type Props = {
  params: Promise<{ locale: string; payment_link_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * Where 3-D Secure brings the member back during a card replacement: `v`, the form's nonce that names the
 * verification (member-card-replace.ts), and what the processor appended (`redirectResult`). The verification is
 * finished once (a reload finds the card stored and changes nothing), then the member goes where the form's own
 * answer would have sent them. A page rather than a route handler, as the checkout's return (the sandbox's 3-D
 * Secure page comes back through a server action's redirect, which the client router follows only to pages).
 */
export default async function MemberCardReturnPage({ params, searchParams }: Props) {
  await connection();
  const { locale, payment_link_id: linkId } = await params;
  const query = Object.fromEntries(
    Object.entries(await searchParams).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const { v: nonce, s: accepted, ...payload } = query;
  if (!nonce) notFound();
  // `s`: the surcharge the member accepted before 3-D Secure (actions.ts); anything else is no acceptance.
  const acceptedSurcharge = amountParam(accepted);
  const outcome = await hostedFinishMemberCardReplace({ linkId, nonce, payload, acceptedSurcharge });
  if (outcome.result === 'challenge') notFound();
  redirect(replaceDestination(locale, linkId, outcome));
}
