import { getTranslations } from 'next-intl/server';

/** The processor could not check the card (its lookup failed or timed out): nothing was charged, try again. */
export async function cardLookupMessage(locale: string): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'CardFacts' });
  return t('lookupFailed');
}

/** The embed's MOTO flag on a session that does not allow MOTO (lib/core/payments/moto.ts). */
export async function motoNotAllowedMessage(locale: string, organisation: string): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'Embed' });
  return t('motoNotAllowed', { organisation });
}
