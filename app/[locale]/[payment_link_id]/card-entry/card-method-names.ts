/** Names of the hidden fields the Adyen card fields fill from state.data (and the BIN and last four of onFieldValid). */
export const adyenFieldNames = [
  'encryptedCardNumber',
  'encryptedExpiryMonth',
  'encryptedExpiryYear',
  'encryptedSecurityCode',
  'browserInfo',
  'bin',
  'lastFour',
] as const;
