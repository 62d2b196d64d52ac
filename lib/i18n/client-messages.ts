import type { AbstractIntlMessages } from 'next-intl';

/**
 * The message namespaces that client components translate with (the card form,
 * app/[locale]/[payment_link_id]/card-entry/card-text.tsx). Everything else is
 * rendered on the server and never sent to the browser (a production page must
 * not carry, say, the sandbox home page's copy). These messages may use simple
 * `{name}` arguments only (fill-message.ts): no plural, select or rich text.
 */
export const clientNamespaces = ['CheckoutForm', 'CardFacts'] as const;

export type ClientNamespace = (typeof clientNamespaces)[number];

/** The client namespaces' messages of one locale, flat strings by key. */
export type ClientMessages = Record<ClientNamespace, Record<string, string>>;

export function clientMessages(all: AbstractIntlMessages): ClientMessages {
  return Object.fromEntries(
    clientNamespaces.map((ns) => [ns, (all[ns] ?? {}) as Record<string, string>]),
  ) as ClientMessages;
}
