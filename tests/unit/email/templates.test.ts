import { describe, expect, it } from 'vitest';
import { approvalEmail } from '@/lib/email/templates/approval-email';
import { collectionFailedEmail, collectionFailure } from '@/lib/email/templates/collection-failed-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { emailText } from '@/lib/email/templates/email-text';
import { groupAlertEmail } from '@/lib/email/templates/group-alert-email';
import { portalLinkReplacedEmail } from '@/lib/email/templates/portal-link-replaced-email';
import { staffSignInEmail } from '@/lib/email/templates/staff-sign-in-email';
import { receiptEmail } from '@/lib/email/templates/receipt-email';
import type { RenderedEmail } from '@/lib/email/templates/render-email';
import { formatMoney } from '@/lib/money';

/*
 * Each template's content in en-GB and in Arabic: the language and direction of the document, the words of
 * its catalog (never a key), money and long dates formatted for the locale (never an ISO date), the
 * organisation's colour through the contrast guard, and a plain-text part saying the same.
 */
const due = new Date('2027-01-12T10:00:00Z');
const brand = emailBrand('Sunny Tours', { brand_colour: '#7a1f5c', logo_url: 'https://cdn.example.com/logo.png' });
const dates: Record<string, RegExp> = { 'en-GB': /12 January 2027/, ar: /يناير/ };

const templates: Record<string, (locale: string) => Promise<RenderedEmail>> = {
  receipt: (locale) =>
    receiptEmail(brand, emailText(locale), {
      payerName: 'Jane Traveller',
      bookingReference: 'BK-1001',
      paymentReference: 'f3a1c2d4-0000-4000-8000-000000000001',
      held: false,
      amount: 10250,
      currency: 'GBX',
      surcharge: 250,
      dcc: { cardCurrency: 'EUX', rate: 1.2051, markupBps: 300, convertedAmount: 12352 },
      method: { kind: 'card', brand: 'Visa', lastFour: '1111' },
      automatic: false,
      paidAt: due,
      receiptUrl: 'https://pay.example.com/receipts/f3a1c2d4-0000-4000-8000-000000000001',
    }),
  collectionFailed: (locale) =>
    collectionFailedEmail(brand, emailText(locale), {
      payerName: 'Ola Nowak',
      bookingReference: 'BK-1001',
      groupName: 'Alps 2027',
      amount: 20000,
      currency: 'GBX',
      dueAt: due,
      failure: 'card_expired',
      card: { brand: 'Visa', lastFour: '0006' },
      payUrl: 'https://pay.example.com/6b1f',
    }),
  approval: (locale) =>
    approvalEmail(brand, emailText(locale), {
      customerName: 'Jane Traveller',
      bookingReference: 'BK-1001',
      payments: [{ amount: 20000, currency: 'GBX', date: due }],
      url: 'https://pay.example.com/approvals/1',
      expiresAt: due,
    }),
  portalLinkReplaced: (locale) =>
    portalLinkReplacedEmail(brand, emailText(locale), {
      groupName: 'Alps 2027',
      leadName: 'Lee Leader',
      url: 'https://pay.example.com/groups/1?token=abc',
      expiresAt: due,
    }),
  staffSignIn: (locale) =>
    staffSignInEmail(brand, emailText(locale), {
      userName: 'Sam Staff',
      url: 'https://pay.example.com/dashboard/sign-in/link?token=abc',
      expiresAt: due,
      invited: locale === 'ar',
    }),
  groupAlert: (locale) =>
    groupAlertEmail(brand, emailText(locale), {
      kind: 'missed',
      groupName: 'Alps 2027',
      bookingReference: 'BK-1001',
      groupId: 'g-1',
      lines: [{ memberName: 'Ola Nowak', amount: 20000, currency: 'GBX', dueAt: due }],
      portalUrl: 'https://pay.example.com/groups/1?token=abc',
    }),
};

describe.each(Object.keys(templates))('the %s email', (name) => {
  it.each(['en-GB', 'ar'])(
    'in %s: language, direction, localised words, money and dates, both parts',
    async (locale) => {
      const email = await templates[name]!(locale);
      expect(email.html).toContain(`lang="${locale}"`);
      expect(email.html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
      expect(email.html).toContain(`<title>${email.subject}</title>`);
      expect(email.text).toMatch(dates[locale]!);
      expect(email.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      // Every template but the portal link's and the sign-in link's names an amount.
      if (name !== 'portalLinkReplaced' && name !== 'staffSignIn')
        expect(email.text).toContain(formatMoney(name === 'receipt' ? 10250 : 20000, 'GBX', locale));
      // No catalog key left unresolved (next-intl answers a missing message with its key).
      expect(email.text).not.toMatch(
        /\b(receipt|collectionFailed|approval|portalLinkReplaced|staffSignIn|groupAlert)\.[a-z]/,
      );
      // The organisation's colour where it keeps 4.5:1 with the band's text (brandTheme: the pages' guard).
      expect(email.html).toMatch(/background-color:#7a1f5c;color:#ffffff/i);
      expect(email.html).toContain('https://cdn.example.com/logo.png');
      if (locale === 'ar') expect(email.text).toMatch(/[\u0600-\u06ff]/);
    },
  );
});

describe('the receipt', () => {
  it('names the surcharge, the DCC amount and rate, the card, the references and the link', async () => {
    const email = await templates.receipt!('en-GB');
    expect(email.subject).toBe('Sunny Tours: your payment receipt for booking BK-1001');
    for (const part of [
      'Amount paid',
      '£102.50',
      'Card surcharge (included)',
      '£2.50',
      'Charged to your card',
      '€123.52',
      '1 GBP = 1.2051 EUR',
      '3%',
      'Visa ending 1111',
      '12 January 2027 at 10:00',
      'BK-1001',
      'f3a1c2d4-0000-4000-8000-000000000001',
      'https://pay.example.com/receipts/f3a1c2d4-0000-4000-8000-000000000001',
    ])
      expect(email.text).toContain(part);
  });

  it('says a held payment is held, and a collection that it was collected', async () => {
    const base = { payerName: null, bookingReference: null, paymentReference: 'r', amount: 100, currency: 'GBX' };
    const common = { ...base, surcharge: 0, dcc: null, paidAt: due, receiptUrl: 'https://x.example/receipts/r' };
    const held = await receiptEmail(brand, emailText('en-GB'), {
      ...common,
      held: true,
      method: { kind: 'bank' },
      automatic: false,
    });
    expect(held.subject).toBe('Sunny Tours: your payment receipt');
    expect(held.text).toContain('Amount held');
    expect(held.text).toContain('not taken yet');
    const collected = await receiptEmail(brand, emailText('en-GB'), {
      ...common,
      held: false,
      method: { kind: 'card', brand: 'Visa', lastFour: '1111' },
      automatic: true,
    });
    expect(collected.text).toContain('has collected £1.00 from your saved card');
  });
});

describe('the failed collection', () => {
  it('says why in plain words, for each reason the runner records', async () => {
    expect(
      ['expired_card', 'insufficient_funds', 'declined', 'no_saved_card', 'challenge_required', 'x'].map(
        collectionFailure,
      ),
    ).toEqual(['card_expired', 'insufficient_funds', 'declined', 'no_card', 'authentication', 'other']);
    const email = await templates.collectionFailed!('en-GB');
    expect(email.text).toContain('Your card has expired.');
    expect(email.text).toContain('Visa card ending 0006');
    expect(email.text).toContain('https://pay.example.com/6b1f');
    expect(email.text).toContain('Nothing was taken');
  });
});
