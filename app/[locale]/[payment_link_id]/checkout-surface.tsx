import { embedQuery, parseEmbedFlags, type EmbedFlags } from '@/lib/embed/embed-flags';

/*
 * The checkout's forms serve two surfaces: the payment link page and the embedded
 * checkout (/embed/{ecommerce_id}, framed by a merchant's page). A form says which
 * in two hidden fields, and the actions send each outcome to that surface's pages
 * (checkoutDestinations in checkout-paths.ts). No hooks here: server forms
 * (checkout-forms.tsx) and the client card form both render SurfaceFields.
 */
export type CheckoutSurface = { kind: 'page' } | { kind: 'embed'; flags: EmbedFlags };

export const pageSurface: CheckoutSurface = { kind: 'page' };

export function SurfaceFields({ surface = pageSurface }: { surface?: CheckoutSurface }) {
  if (surface.kind === 'page') return null;
  return (
    <>
      <input type="hidden" name="surface" value="embed" />
      <input type="hidden" name="embedFlags" value={embedQuery(surface.flags).slice(1)} />
    </>
  );
}

/** The surface a posted form came from; anything but an explicit embed is the payment link page. */
export function surfaceFromForm(form: FormData): CheckoutSurface {
  if (form.get('surface') !== 'embed') return pageSurface;
  const flags = form.get('embedFlags');
  return { kind: 'embed', flags: parseEmbedFlags(new URLSearchParams(typeof flags === 'string' ? flags : '')) };
}

/**
 * The card form's attempt came back to the page without leaving it (typing
 * mistakes, a refused card, a surcharge to confirm). The embed tells its parent
 * the form waits for the customer again; on the payment link page nobody listens.
 */
export const formReturnedEvent = 'checkout:form-returned';

export function announceFormReturned(): void {
  window.dispatchEvent(new Event(formReturnedEvent));
}
