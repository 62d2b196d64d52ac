import type { WalletKind } from './processor/port';

type Env = Record<string, string | undefined>;

/**
 * The wallets production offers, from configuration (README, "Wallets"). Adyen Web's wallet components take the
 * merchant data that Adyen's /paymentMethods would give (adyen-web 6: ApplePayConfiguration.configuration
 * `{ merchantId, merchantName }`; GooglePayConfiguration.configuration `{ gatewayMerchantId, merchantId }`,
 * Google's merchantId required only in Google's PRODUCTION environment). The service calls no /paymentMethods,
 * so they are set here; a wallet without its settings is not offered. Apple Pay also needs its domain
 * association file (APPLE_PAY_DOMAIN_ASSOCIATION, served at /.well-known/apple-developer-merchantid-domain-association).
 */
export type WalletClientConfig = {
  applePay: { merchantId: string; merchantName: string } | null;
  googlePay: { gatewayMerchantId: string; merchantId?: string; merchantName: string } | null;
};

export function walletClientConfig(env: Env = process.env): WalletClientConfig {
  const merchantName = env.WALLET_MERCHANT_NAME?.trim() || 'travel-pay';
  const appleId = env.APPLE_PAY_MERCHANT_ID?.trim();
  const googleOn = env.GOOGLE_PAY_ENABLED === 'true';
  const gateway = env.ADYEN_MERCHANT_ACCOUNT?.trim();
  const googleId = env.GOOGLE_PAY_MERCHANT_ID?.trim();
  return {
    applePay: appleId ? { merchantId: appleId, merchantName } : null,
    googlePay:
      googleOn && gateway
        ? { gatewayMerchantId: gateway, merchantName, ...(googleId ? { merchantId: googleId } : {}) }
        : null,
  };
}

/** The wallets configured, in the order the page shows them. */
export function configuredWallets(config: WalletClientConfig): WalletKind[] {
  return [...(config.applePay ? (['apple_pay'] as const) : []), ...(config.googlePay ? (['google_pay'] as const) : [])];
}

/** The Apple Pay domain association file's content (Apple's file, as downloaded from Adyen's Customer Area), or null. */
export function applePayDomainAssociation(env: Env = process.env): string | null {
  const text = env.APPLE_PAY_DOMAIN_ASSOCIATION?.trim();
  return text ? text : null;
}
