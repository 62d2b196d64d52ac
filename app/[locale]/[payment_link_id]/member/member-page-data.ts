import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { hostedMemberPage } from '@/lib/core/groups/member-page';
import { headedPageTitle, notFoundPageTitle } from '../../page-title';

/**
 * The member's page read once per request: its title (page-title.ts) and its body read the same view, as the
 * checkout's pages do (checkout-state.ts). Pages only; actions read afresh.
 */
export const memberPageData = cache(hostedMemberPage);

type MemberPageParams = { params: Promise<{ locale: string; payment_link_id: string }> };

/** A member page's generateMetadata: its heading and the organisation ("Replace your card – Sandbox Travel Group"). */
export const memberPageTitle =
  (heading: 'title' | 'replaceCardTitle') =>
  async ({ params }: MemberPageParams): Promise<Metadata> => {
    const { locale, payment_link_id: linkId } = await params;
    const view = await memberPageData(linkId);
    if (!view) return notFoundPageTitle(locale);
    const t = await getTranslations({ locale, namespace: 'MemberPage' });
    return headedPageTitle(locale, t(heading), view.organisationName);
  };
