/**
 * Every message namespace: one file per namespace and locale, `messages/{locale}/{Namespace}.json`,
 * so that each part of the site owns its own files. A new namespace is added here and written
 * for every locale (tests/unit/i18n-catalogs.test.ts checks that every locale has every key).
 */
export const messageNamespaces = [
  'Metadata',
  'Nav',
  'Home',
  'Docs',
  'NotFound',
  'Mailbox',
  'SandboxProcessor',
  'Checkout',
  'CheckoutForm',
  'Embed',
  'CardFacts',
  'Status',
  'Approval',
  'Receipt',
  'SandboxClock',
  'SandboxWebhooks',
  'CardTesting',
  'GroupCheckout',
  'GroupPortal',
  'MemberPage',
  'ErrorPage',
  'ActionRefused',
  'Email',
  'Layout',
  'Wallet',
  'LinkQr',
  'Dashboard',
  'DashboardCollect',
] as const;

export type MessageNamespace = (typeof messageNamespaces)[number];
