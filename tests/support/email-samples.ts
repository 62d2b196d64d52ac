import { approvalEmail } from '@/lib/email/templates/approval-email';
import { collectionFailedEmail } from '@/lib/email/templates/collection-failed-email';
import type { EmailBrand } from '@/lib/email/templates/email-brand';
import { emailText } from '@/lib/email/templates/email-text';
import { groupAlertEmail } from '@/lib/email/templates/group-alert-email';
import { leaderPortalEmail } from '@/lib/email/templates/leader-portal-email';
import { memberLinkEmail } from '@/lib/email/templates/member-link-email';
import { memberReminderEmail, type MemberReminder } from '@/lib/email/templates/member-reminder-email';
import { organisationAlertEmail } from '@/lib/email/templates/organisation-alert-email';
import { paymentDigestEmail } from '@/lib/email/templates/payment-digest-email';
import { paymentLinkEmail } from '@/lib/email/templates/payment-link-email';
import { paymentNoticeEmail, type NoticePayment } from '@/lib/email/templates/payment-notice-email';
import { portalLinkReplacedEmail } from '@/lib/email/templates/portal-link-replaced-email';
import { receiptEmail, type ReceiptEmail } from '@/lib/email/templates/receipt-email';
import type { RenderedEmail } from '@/lib/email/templates/render-email';
import { staffSignInEmail } from '@/lib/email/templates/staff-sign-in-email';

/*
 * One sample of every email template and of each of its variants, from inputs like the services give: the unit
 * checks (tests/unit/email/templates.test.ts: language, direction, words, money, dates, colour) and the Chromium
 * axe rendering (tests/e2e/emails.spec.ts) both go through this list, so a template added here is checked by both
 * and a template missing here is missing from both (the unit test compares it with lib/email/templates).
 */
export type EmailSample = {
  render: (brand: EmailBrand, locale: string) => Promise<RenderedEmail>;
  /** The amount it names, in minor units of GBX; null for an email about no amount. */
  amount: number | null;
  /** Whether it names a date (a due date, an expiry, a payment's time): always sampleDate's. */
  dated: boolean;
};

export const sampleDate = new Date('2027-01-12T10:00:00Z');
const later = new Date('2027-02-12T10:00:00Z');
const portalUrl = 'https://pay.example.com/groups/1?token=abc';
const payUrl = 'https://pay.example.com/6b1f';

export const sampleReceipt: ReceiptEmail = {
  payerName: 'Jane Traveller',
  bookingReference: 'BK-1001',
  paymentReference: '7K3M-QX9D',
  held: false,
  amount: 10250,
  currency: 'GBX',
  surcharge: 250,
  dcc: { cardCurrency: 'EUX', rate: 1.2051, markupBps: 300, convertedAmount: 12352 },
  method: { kind: 'card', brand: 'Visa', lastFour: '1111', wallet: null },
  automatic: false,
  paidAt: sampleDate,
  receiptUrl: 'https://pay.example.com/receipts/f3a1c2d4-0000-4000-8000-000000000001',
};

const reminder =
  (kind: MemberReminder['kind'], collectedFrom: MemberReminder['collectedFrom']) =>
  (brand: EmailBrand, locale: string) =>
    memberReminderEmail(brand, emailText(locale), {
      kind,
      bookingReference: 'BK-1001',
      groupName: 'Alps 2027',
      memberName: 'Ola Nowak',
      amount: 20000,
      currency: 'GBX',
      dueAt: sampleDate,
      url: payUrl,
      collectedFrom,
    });

const groupAlert = (kind: 'due_soon' | 'missed' | 'charge_failed') => (brand: EmailBrand, locale: string) =>
  groupAlertEmail(brand, emailText(locale), {
    kind,
    groupName: 'Alps 2027',
    bookingReference: 'BK-1001',
    groupId: 'g-1',
    lines: [
      {
        memberName: 'Ola Nowak',
        amount: 20000,
        currency: 'GBX',
        dueAt: sampleDate,
        ...(kind === 'charge_failed'
          ? { failure: { cause: 'declined' as const, reason: 'insufficient_funds', attempts: 1 } }
          : {}),
      },
    ],
    portalUrl,
  });

const staffSignIn = (invited: boolean) => (brand: EmailBrand, locale: string) =>
  staffSignInEmail(brand, emailText(locale), {
    userName: 'Sam Staff',
    url: 'https://pay.example.com/dashboard/sign-in/link?token=abc',
    expiresAt: sampleDate,
    invited,
  });

/** A card payment with a booking and a payer, and a bank payment with neither (the digest names it by its method). */
export const samplePayments: NoticePayment[] = [
  {
    reference: '7K3M-QX9D',
    amount: 15000,
    currency: 'GBX',
    completedAt: sampleDate,
    bookingReference: 'BK-1001',
    payer: 'Jane Traveller',
    cardBrand: 'VISA',
    cardLastFour: '1111',
  },
  {
    reference: 'H8W2-4RTN',
    amount: 5000,
    currency: 'GBX',
    completedAt: new Date('2027-01-12T15:30:00Z'),
    bookingReference: null,
    payer: null,
    cardBrand: null,
    cardLastFour: null,
  },
];

export const emailSamples: Record<string, EmailSample> = {
  receipt: {
    render: (brand, locale) => receiptEmail(brand, emailText(locale), sampleReceipt),
    amount: 10250,
    dated: true,
  },
  'receipt held, paid from a wallet': {
    render: (brand, locale) =>
      receiptEmail(brand, emailText(locale), {
        ...sampleReceipt,
        held: true,
        dcc: null,
        method: { kind: 'card', brand: 'Mastercard', lastFour: '4444', wallet: 'apple_pay' },
      }),
    amount: 10250,
    dated: true,
  },
  'collection failed': {
    render: (brand, locale) =>
      collectionFailedEmail(brand, emailText(locale), {
        payerName: 'Ola Nowak',
        bookingReference: 'BK-1001',
        groupName: 'Alps 2027',
        amount: 20000,
        currency: 'GBX',
        dueAt: sampleDate,
        failure: 'card_expired',
        card: { brand: 'Visa', lastFour: '0006' },
        payUrl,
      }),
    amount: 20000,
    dated: true,
  },
  approval: {
    render: (brand, locale) =>
      approvalEmail(brand, emailText(locale), {
        customerName: 'Jane Traveller',
        bookingReference: 'BK-1001',
        payments: [
          { amount: 20000, currency: 'GBX', date: sampleDate },
          { amount: 5000, currency: 'GBX', date: later },
        ],
        url: 'https://pay.example.com/approvals/1',
        expiresAt: sampleDate,
      }),
    amount: 20000,
    dated: true,
  },
  'portal link replaced': {
    render: (brand, locale) =>
      portalLinkReplacedEmail(brand, emailText(locale), {
        groupName: 'Alps 2027',
        leadName: 'Lee Leader',
        url: portalUrl,
        expiresAt: sampleDate,
      }),
    amount: null,
    dated: true,
  },
  'group alert, due soon': { render: groupAlert('due_soon'), amount: 20000, dated: true },
  'group alert, missed': { render: groupAlert('missed'), amount: 20000, dated: true },
  'group alert, charge failed': { render: groupAlert('charge_failed'), amount: 20000, dated: true },
  // The organisation's alerts share one template (tests/unit/email/organisation-alerts.test.ts has each kind);
  // the one with the most facts: an amount, an instant and references.
  'organisation alert': {
    render: (brand, locale) =>
      organisationAlertEmail(brand, locale, {
        kind: 'payment_unresolved',
        amount: 10000,
        currency: 'GBX',
        transactionId: 'f3a1c2d4-0000-4000-8000-000000000001',
        method: 'card',
        startedAt: sampleDate,
        hours: 24,
        providerReference: 'PSP-8815',
      }),
    amount: 10000,
    dated: true,
  },
  'member link': {
    render: (brand, locale) =>
      memberLinkEmail(brand, emailText(locale), {
        bookingReference: 'BK-1001',
        groupName: 'Alps 2027',
        memberName: 'Ola Nowak',
        amount: 20000,
        currency: 'GBX',
        dueAt: sampleDate,
        url: payUrl,
      }),
    amount: 20000,
    dated: true,
  },
  'member reminder, due soon': { render: reminder('due_soon', null), amount: 20000, dated: true },
  'member reminder, overdue': { render: reminder('missed', null), amount: 20000, dated: true },
  'member reminder, will be collected': {
    render: reminder('due_soon', { brand: 'VISA', lastFour: '1111' }),
    amount: 20000,
    dated: true,
  },
  'leader portal': {
    render: (brand, locale) =>
      leaderPortalEmail(brand, emailText(locale), {
        leadName: 'Lee Leader',
        bookingReference: 'BK-1001',
        groupName: 'Alps 2027',
        url: portalUrl,
      }),
    amount: null,
    dated: false,
  },
  'payment link': {
    render: (brand, locale) =>
      paymentLinkEmail(brand, emailText(locale), {
        customerName: 'Jane Traveller',
        amount: 20000,
        currency: 'GBX',
        description: 'Alps 2027, deposit',
        bookingReference: 'BK-1001',
        expiresAt: sampleDate,
        url: payUrl,
      }),
    amount: 20000,
    dated: true,
  },
  'payment notice': {
    render: (brand, locale) => paymentNoticeEmail(brand, emailText(locale), { ...samplePayments[0]!, amount: 20000 }),
    amount: 20000,
    dated: true,
  },
  // Its total: £150.00 + £50.00.
  'daily digest': {
    render: (brand, locale) =>
      paymentDigestEmail(brand, emailText(locale), { day: sampleDate, payments: samplePayments }),
    amount: 20000,
    dated: true,
  },
  'staff sign-in': { render: staffSignIn(false), amount: null, dated: true },
  'staff invitation': { render: staffSignIn(true), amount: null, dated: true },
};
