import { routing } from '@/lib/i18n/routing';

/*
 * The page a server action was posted to. A server action is a POST to the
 * address of the page that rendered its form, so that address, not a field of
 * the body, says which link, session or approval the action may act on: a body
 * is the client's to write, and so are a `.bind`-ed action's bound arguments
 * (Next.js encrypts only closures' captured values). proxy.ts copies the path it
 * routed into ACTION_PAGE_HEADER, after removing any value the client sent.
 */
export const ACTION_PAGE_HEADER = 'x-travel-pay-action-path';

/** The pages whose forms run the checkout's actions (checkout-action.ts). */
export type ActionPageKind = 'payment_link' | 'ecommerce' | 'approval' | 'member' | 'member_card';
export type ActionPage = { kind: ActionPageKind; id: string; locale: string };

const locale = `(?:/(${routing.locales.join('|')}))?`;
const uuid = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
const pages: [ActionPageKind, RegExp][] = [
  // The sandbox wallet's confirmation (`/wallet`, docs/checkout.md "Wallets") posts the wallet's payment again.
  ['payment_link', new RegExp(`^${locale}/${uuid}(?:/wallet)?/?$`, 'i')],
  // The embed's failure page shows the form again (app/[locale]/embed/[ecommerce_id]/failure).
  ['ecommerce', new RegExp(`^${locale}/embed/${uuid}(?:/failure|/wallet)?/?$`, 'i')],
  ['approval', new RegExp(`^${locale}/approvals/${uuid}/?$`, 'i')],
  // A group member's own page (app/[locale]/[payment_link_id]/member): its id is the member's link.
  ['member', new RegExp(`^${locale}/${uuid}/member/?$`, 'i')],
  // The member's card replacement (app/[locale]/[payment_link_id]/member/card): its id is the member's link too.
  ['member_card', new RegExp(`^${locale}/${uuid}/member/card/?$`, 'i')],
];

/** The checkout page at `pathname` (the link page, the embed, the approval page), or null for any other path. */
export function actionPage(pathname: string | null): ActionPage | null {
  if (!pathname) return null;
  for (const [kind, pattern] of pages) {
    const match = pattern.exec(pathname);
    if (match) return { kind, id: match[2]!.toLowerCase(), locale: match[1] ?? routing.defaultLocale };
  }
  return null;
}
