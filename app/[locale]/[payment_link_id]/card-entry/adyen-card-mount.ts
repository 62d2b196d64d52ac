import { AdyenCheckout, Card, type CardFieldValidData, type OnChangeData } from '@adyen/adyen-web';
// Adyen's stylesheet goes through the bundle (a <link> to our own origin, allowed by style-src 'self'), never inline.
import '@adyen/adyen-web/styles/adyen.css';
import type { AdyenEnvironment } from '@/lib/config';
import { adyenLocales } from './adyen-locales';

/*
 * The production card fields: @adyen/adyen-web v6's Card component. This module
 * is loaded only by a dynamic import when card entry shows, so its code and CSS
 * are a chunk of their own. Card numbers are typed into Adyen's secured-field
 * frames and leave the browser encrypted; the page only ever sees the encrypted
 * values (state.data.paymentMethod) and the BIN and last four adyen-web gives.
 */
export type AdyenCardConfig = { clientKey: string; environment: AdyenEnvironment; locale: string; countryCode: string };

export type AdyenCardEvents = {
  /** The form's hidden fields: adyen-web's encrypted fields, holderName and browserInfo, and whether all are valid. */
  onState: (fields: Record<string, string>, valid: boolean) => void;
  /** The number is complete and valid (encrypted, with its BIN and last four), or no longer (null). */
  onNumber: (number: { encryptedCardNumber: string; bin?: string; lastFour?: string } | null) => void;
  onError: () => void;
};

export async function mountAdyenCard(container: HTMLElement, config: AdyenCardConfig, events: AdyenCardEvents) {
  const checkout = await AdyenCheckout({
    clientKey: config.clientKey,
    environment: config.environment,
    locale: adyenLocales[config.locale] ?? 'en-GB',
    countryCode: config.countryCode,
    // The page's own button posts the form: no Adyen pay button, and no session (the server makes the /payments call).
    showPayButton: false,
    onChange(state: OnChangeData) {
      const data = state.data as { paymentMethod?: Record<string, unknown>; browserInfo?: unknown };
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(data.paymentMethod ?? {}))
        if (typeof value === 'string') fields[name] = value;
      if (data.browserInfo) fields.browserInfo = JSON.stringify(data.browserInfo);
      events.onState(fields, state.isValid);
    },
    onError: () => events.onError(),
  });
  const card = new Card(checkout, {
    hasHolderName: true,
    holderNameRequired: true,
    brands: ['visa', 'mc', 'amex'],
    onFieldValid(event: CardFieldValidData) {
      if (event.encryptedFieldName !== 'encryptedCardNumber') return;
      events.onNumber(
        event.valid && event.blob
          ? {
              encryptedCardNumber: event.blob,
              bin: event.issuerBin ? String(event.issuerBin) : undefined,
              lastFour: event.endDigits,
            }
          : null,
      );
    },
    onBinLookup(event) {
      // A cleared or changed number: what was known of the card no longer holds.
      if (event.isReset) events.onNumber(null);
    },
  }).mount(container);
  return {
    showValidation: () => {
      card.showValidation();
    },
    unmount: () => {
      card.unmount();
    },
  };
}
