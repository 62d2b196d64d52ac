import type { AbstractIntlMessages } from 'next-intl';

/**
 * The message namespaces that client components translate with. Everything
 * else is rendered on the server and never sent to the browser (a production
 * page must not carry, say, the sandbox home page's copy).
 */
export const clientNamespaces: string[] = ['CheckoutForm', 'CardFacts'];

export function clientMessages(all: AbstractIntlMessages): AbstractIntlMessages {
  return Object.fromEntries(clientNamespaces.filter((ns) => ns in all).map((ns) => [ns, all[ns]!]));
}
