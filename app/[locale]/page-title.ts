import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/*
 * Page titles (issue 17 item 8): the page and the organisation it is for, in the
 * page's language, so a tab, the history and a screen reader's first words say
 * whose page this is and which step. Pages call these from generateMetadata with
 * the same (React cache'd) loader as their body, so a title costs no extra query.
 */
export type TitledPage = 'success' | 'failure' | 'cancel' | 'receipt' | 'approval';

const keys = {
  success: 'titleSuccess',
  failure: 'titleFailure',
  cancel: 'titleCancel',
  receipt: 'titleReceipt',
  approval: 'titleApproval',
} as const;

/** "Payment confirmed – Sandbox Travel Group". */
export async function organisationPageTitle(locale: string, page: TitledPage, organisation: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Layout' });
  return { title: t('titleWithOrganisation', { page: t(keys[page]), organisation }) };
}

/** A page whose heading names it (the member's own pages): "Your payments – Sandbox Travel Group". */
export async function headedPageTitle(locale: string, heading: string, organisation: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Layout' });
  return { title: t('titleWithOrganisation', { page: heading, organisation }) };
}

/** The pay page of a link, a member's link or the embed: "Pay Sandbox Travel Group – Deposit: Lisbon". */
export async function checkoutPageTitle(
  locale: string,
  checkout: { organisationName: string; description: string | null } | null,
): Promise<Metadata> {
  if (!checkout) return notFoundPageTitle(locale);
  const t = await getTranslations({ locale, namespace: 'Layout' });
  const organisation = checkout.organisationName;
  const description = checkout.description?.trim();
  return {
    title: description ? t('titleCheckout', { organisation, description }) : t('titleCheckoutPlain', { organisation }),
  };
}

/** A group's portal: "Group payments: Lisbon choir trip – Sandbox Travel Group". */
export async function portalPageTitle(locale: string, group: string, organisation: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Layout' });
  return { title: t('titleWithOrganisation', { page: t('titlePortal', { group }), organisation }) };
}

/** A page with no organisation to name (the 404): "Page not found – travel-pay". */
export async function notFoundPageTitle(locale: string): Promise<Metadata> {
  return { title: await siteTitle(locale, (await getTranslations({ locale, namespace: 'NotFound' }))('title')) };
}

/** `page` with the service's name, for pages that belong to no organisation. */
export async function siteTitle(locale: string, page: string): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'Layout' });
  const site = (await getTranslations({ locale, namespace: 'Metadata' }))('title');
  return t('titleWithOrganisation', { page, organisation: site });
}
