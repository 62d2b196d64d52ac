import { cache } from 'react';
import { hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';

/**
 * hostedCheckoutState once per request: a page's generateMetadata (its title names the organisation, page-title.ts)
 * and its body read the same row, so the title costs no second query. Pages only; actions read afresh.
 */
export const checkoutPageData = cache(hostedCheckoutState);
