import { packageTypes } from './bookings/package-types';

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
  'developers',
  'risk',
  'booking-and-payment',
  'users',
  'ledger',
  'payouts',
  'acquirer-reporting',
  'organisation',
  'audit',
  'suppliers',
  'chargebacks',
  'supplier-payouts',
] as const;

export const transactionMethods = ['MOTO_OTHER', 'ONLINE', 'MOTO_IN_PERSON'] as const;
/** The union of the interface's two status lists (product.md section 5). */
export const transactionStatuses = [
  'COMPLETE',
  'DECLINED',
  'REJECTED',
  'PAYMENTINPROGRESS',
  'PENDING',
  'ABANDONED',
  'REVERSED',
  'FAILED',
] as const;
export const transactionTypes = ['CARD', 'OPEN_BANKING'] as const;
export const cardBrands = ['VISA', 'MASTER', 'AMEX'] as const;
/** The interface's four, and FAILED / UNSETTLED for a refund the processor would not take (docs/api-conventions.md). */
export const refundStatuses = [
  'PENDING_AUTHORISATION',
  'AUTHORISED',
  'DECLINED',
  'COMPLETE',
  'FAILED',
  'UNSETTLED',
] as const;

export const roles = [
  'developers:manage:keys',
  'developers:manage:webhooks',
  'beneficiaries:manage',
  'payouts:view',
  'payouts:create',
  'organisation:risk:statistics',
  'organisation:audit',
  'booking-and-payment:create-options',
  'booking-and-payment:organisation-access',
  'organisation:booking:statistics',
  'suppliers:manage',
  'users:manage',
  'organisation:management',
  'ledger:view',
  'chargebacks:view',
  'booking-and-payment:create:booking',
  'booking-and-payment:delete:booking',
  'charges:view',
  'booking-and-payment:create:payment',
  'booking-and-payment:reassign:booking',
] as const;
export type Role = (typeof roles)[number];

/**
 * `currency` is keyed by code (`currency.GBX.division_factor`), the shape
 * Felloh's SDK reads; the codes are its keys. The other groups are the
 * interface's, as named there.
 */
export function enumerations() {
  return {
    currency: Object.fromEntries(
      currencies.map((c) => [
        c.code,
        { code: c.code, minor_unit: c.code, major_unit: c.major_unit, division_factor: c.division_factor },
      ]),
    ),
    organisation: { feature: [...organisationFeatures] },
    transaction: {
      brand: [...cardBrands],
      method: [...transactionMethods],
      status: [...transactionStatuses],
      type: [...transactionTypes],
    },
    user: { role: [...roles] },
    // Groups the interface does not list but Felloh's SDK types read (its spelling kept).
    refund: { status: [...refundStatuses] },
    booking_Package_type: [...packageTypes],
  };
}
