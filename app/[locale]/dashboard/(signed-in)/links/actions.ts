'use server';

import { ecommerceResource } from '@/lib/core/ecommerce/ecommerce';
import { paymentLinksResource } from '@/lib/core/payment-links/payment-links';
import { sendPaymentLink } from '@/lib/core/payment-links/send-payment-link';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { backTo } from '../collect-form-input';
import { checkoutIdForm, checkoutLists, createEcommerceForm, createLinkForm, sendLinkForm } from './link-form-input';

/*
 * The payment links page's actions, each dashboardAction around the API's own operation with the staff actor:
 * the core checks booking-and-payment:create:payment again (and the organisation), as for an API key.
 */

const createLink = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: createLinkForm,
  lists: checkoutLists,
  back: '/links',
  form: 'create-link',
  run: async ({ db, actor, organisationId, locale }, input) => {
    const link = await paymentLinksResource.create(db, actor, { ...input, organisation: organisationId });
    return backTo(locale, `/links/${link.id}`, 'created');
  },
});

const createEcommerce = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: createEcommerceForm,
  lists: checkoutLists,
  back: '/links',
  form: 'create-ecommerce',
  run: async ({ db, actor, organisationId, locale }, input) => {
    const session = await ecommerceResource.create(db, actor, { ...input, organisation: organisationId });
    return backTo(locale, `/links/${session.id}`, 'created');
  },
});

const send = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: sendLinkForm,
  back: '/links',
  run: async ({ db, actor, locale }, input) => {
    await sendPaymentLink(db, actor, input.id, input.send);
    return backTo(locale, `/links/${input.id}`, 'sent');
  },
});

const remove = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: checkoutIdForm,
  back: '/links',
  run: async ({ db, actor }, input) => {
    await (input.kind === 'ecommerce' ? ecommerceResource : paymentLinksResource).delete(db, actor, input.id);
    return 'deleted';
  },
});

export async function createLinkAction(form: FormData): Promise<void> {
  await createLink(form);
}
export async function createEcommerceAction(form: FormData): Promise<void> {
  await createEcommerce(form);
}
export async function sendLinkAction(form: FormData): Promise<void> {
  await send(form);
}
export async function deleteLinkAction(form: FormData): Promise<void> {
  await remove(form);
}
