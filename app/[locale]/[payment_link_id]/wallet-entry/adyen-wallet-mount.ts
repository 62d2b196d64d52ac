import { AdyenCheckout, ApplePay, GooglePay, type UIElement } from '@adyen/adyen-web';
import '@adyen/adyen-web/styles/adyen.css';
import type { AdyenEnvironment } from '@/lib/config';
import type { WalletKind } from '@/lib/payments/processor/port';
import type { WalletClientConfig } from '@/lib/payments/wallet-config';
import { adyenLocales } from '../card-entry/adyen-locales';

/*
 * The production wallets: @adyen/adyen-web v6's ApplePay and GooglePay components. Loaded only by a dynamic
 * import from the wallet buttons, so their code is a chunk of its own that a page without wallets never loads.
 * Each is mounted only after its own isAvailable() (adyen-web 6: "Promise<void>", rejected where the device or
 * browser cannot pay with it). The payment is the server's (no session): onSubmit hands the wallet's token,
 * state.data.paymentMethod.applePayToken / googlePayToken, to the page, whose server action sends it to
 * /payments as Checkout v71's ApplePayDetails / GooglePayDetails (adyen-requests.ts).
 */
export type WalletMountConfig = {
  clientKey: string;
  environment: AdyenEnvironment;
  locale: string;
  countryCode: string;
  /** The amount in minor units and its ISO currency, shown on the wallet's sheet. */
  amount: { value: number; currency: string };
  wallets: WalletClientConfig;
};

/** Pays with the token; resolves true when the server took the payment (the page then leaves), false when refused. */
export type PayWithToken = (wallet: WalletKind, token: string) => Promise<boolean>;

export async function availableWallets(
  candidates: readonly WalletKind[],
  config: WalletMountConfig,
  pay: PayWithToken,
) {
  const checkout = await AdyenCheckout({
    clientKey: config.clientKey,
    environment: config.environment,
    locale: adyenLocales[config.locale] ?? 'en-GB',
    countryCode: config.countryCode,
    amount: config.amount,
  });
  const submit = (wallet: WalletKind, field: 'applePayToken' | 'googlePayToken') => ({
    onSubmit: (state: { data: { paymentMethod?: Record<string, unknown> } }, _c: UIElement, actions: SubmitActions) => {
      const token = state.data.paymentMethod?.[field];
      if (typeof token !== 'string') return actions.reject();
      void pay(wallet, token).then(
        (taken) => (taken ? actions.resolve({ resultCode: 'Authorised' }) : actions.reject()),
        () => actions.reject(),
      );
    },
  });
  const elements: Partial<Record<WalletKind, UIElement>> = {};
  if (candidates.includes('apple_pay') && config.wallets.applePay)
    elements.apple_pay = new ApplePay(checkout, {
      amount: config.amount,
      configuration: config.wallets.applePay,
      ...submit('apple_pay', 'applePayToken'),
    });
  if (candidates.includes('google_pay') && config.wallets.googlePay)
    elements.google_pay = new GooglePay(checkout, {
      amount: config.amount,
      countryCode: config.countryCode,
      configuration: config.wallets.googlePay,
      ...submit('google_pay', 'googlePayToken'),
    });
  const available: WalletKind[] = [];
  for (const [wallet, element] of Object.entries(elements) as [WalletKind, UIElement][]) {
    const ok = await (element as unknown as { isAvailable: () => Promise<void> }).isAvailable().then(
      () => true,
      () => false,
    );
    if (ok) available.push(wallet);
  }
  return {
    available,
    mount: (wallet: WalletKind, container: HTMLElement) => elements[wallet]?.mount(container),
    unmount: () => Object.values(elements).forEach((element) => element?.unmount()),
  };
}

type SubmitActions = { resolve: (response: { resultCode: 'Authorised' }) => void; reject: () => void };
