/**
 * The enumerations of service-interface.md, served by GET /api/enums and used
 * by validation everywhere, so each list is written once.
 */
export const currencies = [
  { code: 'GBX', major_unit: 'GBP', division_factor: 100 },
  { code: 'USX', major_unit: 'USD', division_factor: 100 },
  { code: 'EUX', major_unit: 'EUR', division_factor: 100 },
] as const;
export const currencyCodes = ['GBX', 'USX', 'EUX'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

export const organisationFeatures = [
  'developers', 'risk', 'booking-and-payment', 'users', 'ledger', 'payouts', 'acquirer-reporting',
  'organisation', 'audit', 'suppliers', 'chargebacks', 'supplier-payouts',
] as const;

export const transactionMethods = ['MOTO_OTHER', 'ONLINE', 'MOTO_IN_PERSON'] as const;
/** The union of the interface's two status lists (product.md section 5). */
export const transactionStatuses = [
  'COMPLETE', 'DECLINED', 'REJECTED', 'PAYMENTINPROGRESS', 'PENDING', 'ABANDONED', 'REVERSED', 'FAILED',
] as const;
export const transactionTypes = ['CARD', 'OPEN_BANKING'] as const;

export const roles = [
  'developers:manage:keys', 'developers:manage:webhooks', 'beneficiaries:manage', 'payouts:view', 'payouts:create',
  'organisation:risk:statistics', 'organisation:audit', 'booking-and-payment:create-options',
  'booking-and-payment:organisation-access', 'organisation:booking:statistics', 'suppliers:manage', 'users:manage',
  'organisation:management', 'ledger:view', 'chargebacks:view', 'booking-and-payment:create:booking',
  'booking-and-payment:delete:booking', 'charges:view', 'booking-and-payment:create:payment',
  'booking-and-payment:reassign:booking',
] as const;
export type Role = (typeof roles)[number];

export function enumerations() {
  return {
    currency: { code: [...currencyCodes], details: currencies },
    organisation: { feature: [...organisationFeatures] },
    transaction: { method: [...transactionMethods], status: [...transactionStatuses], type: [...transactionTypes] },
    user: { role: [...roles] },
  };
}
