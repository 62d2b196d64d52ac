/** Adyen's own translations for the page's language (its locales are language-region). */
export const adyenLocales: Record<string, string> = {
  'en-GB': 'en-GB',
  cy: 'en-GB',
  fr: 'fr-FR',
  de: 'de-DE',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
  pt: 'pt-PT',
  pl: 'pl-PL',
  sv: 'sv-SE',
  el: 'el-GR',
  ar: 'ar',
};
