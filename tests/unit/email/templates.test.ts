import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectionFailure } from '@/lib/email/templates/collection-failed-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { emailCatalogs } from '@/lib/email/templates/email-catalogs';
import { alertCatalogs } from '@/lib/email/templates/alert-catalogs';
import { emailText } from '@/lib/email/templates/email-text';
import { receiptEmail } from '@/lib/email/templates/receipt-email';
import { formatMoney } from '@/lib/money';
import { emailSamples, sampleReceipt } from '../../support/email-samples';

/*
 * Each template's content, every variant (tests/support/email-samples.ts), in en-GB and in Arabic: the language
 * and direction of the document, the words of its catalog (never a key), money and long dates formatted for the
 * locale (never an ISO date), the organisation's colour through the contrast guard, and a plain-text part saying
 * the same.
 */
const brand = emailBrand('Sunny Tours', { brand_colour: '#7a1f5c', logo_url: 'https://cdn.example.com/logo.png' });
const dates: Record<string, RegExp> = { 'en-GB': /12 January 2027/, ar: /يناير/ };
const templates = Object.fromEntries(
  Object.entries(emailSamples).map(([name, sample]) => [name, (locale: string) => sample.render(brand, locale)]),
);
/** A catalog's group key followed by a dot: next-intl answers a missing message with its key ("receipt.card"). */
const groups = (catalog: object) =>
  Object.entries(catalog).flatMap(([key, value]) => (typeof value === 'object' ? [key] : []));
const unresolvedKey = new RegExp(
  `\\b(${[...groups(emailCatalogs['en-GB']), ...groups(alertCatalogs['en-GB'])].join('|')})\\.[a-z]`,
);

describe('the samples', () => {
  it('cover every template in lib/email/templates', () => {
    const dir = path.resolve(import.meta.dirname, '../../../lib/email/templates');
    const source = readFileSync(path.resolve(import.meta.dirname, '../../support/email-samples.ts'), 'utf8');
    const files = readdirSync(dir).filter((file) => file.endsWith('-email.tsx') && file !== 'render-email.tsx');
    expect(files.length).toBeGreaterThanOrEqual(13);
    for (const file of files)
      expect(source, `${file} has no sample`).toContain(`'@/lib/email/templates/${file.replace('.tsx', '')}'`);
  });
});

describe.each(Object.keys(emailSamples))('the %s email', (name) => {
  const sample = emailSamples[name]!;
  it.each(['en-GB', 'ar'])(
    'in %s: language, direction, localised words, money and dates, both parts',
    async (locale) => {
      const email = await sample.render(brand, locale);
      expect(email.html).toContain(`lang="${locale}"`);
      expect(email.html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
      expect(email.html).toContain(`<title>${email.subject}</title>`);
      if (sample.dated) expect(email.text).toMatch(dates[locale]!);
      expect(email.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      if (sample.amount !== null) expect(email.text).toContain(formatMoney(sample.amount, 'GBX', locale));
      // No catalog key left unresolved, in the text or the subject.
      expect(email.text).not.toMatch(unresolvedKey);
      expect(email.subject).not.toMatch(unresolvedKey);
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
    expect(email.text).not.toContain(' via ');
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
      '7K3M-QX9D',
      'https://pay.example.com/receipts/f3a1c2d4-0000-4000-8000-000000000001',
    ])
      expect(email.text).toContain(part);
  });

  it('says a held payment is held, and a collection that it was collected', async () => {
    const base = { payerName: null, bookingReference: null, paymentReference: 'r', amount: 100, currency: 'GBX' };
    const common = {
      ...base,
      surcharge: 0,
      dcc: null,
      paidAt: sampleReceipt.paidAt,
      receiptUrl: 'https://x.example/receipts/r',
    };
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
      method: { kind: 'card', brand: 'Visa', lastFour: '1111', wallet: null },
      automatic: true,
    });
    expect(collected.text).toContain('has collected £1.00 from your saved card');
  });

  it('names the wallet a card was paid from, in the words of the locale (issue 17, item 17)', async () => {
    const wallet = templates['receipt held, paid from a wallet']!;
    expect((await wallet('en-GB')).text).toContain('Mastercard ending 4444 via Apple Pay');
    expect((await wallet('fr')).text).toContain('Mastercard se terminant par 4444 via Apple Pay');
    expect((await wallet('ar')).text).toContain('Mastercard المنتهية بـ 4444 عبر Apple Pay');
    // A wallet the service does not know is not shown as one.
    const unknown = {
      ...sampleReceipt,
      method: { kind: 'card' as const, brand: 'Visa', lastFour: '1111', wallet: 'x' },
    };
    expect((await receiptEmail(brand, emailText('en-GB'), unknown)).text).not.toContain('via');
  });
});

describe("the organisation's notices", () => {
  it('quote the short reference the payer has, never the transaction id', async () => {
    const notice = await templates['payment notice']!('en-GB');
    expect(notice.text).toMatch(/Payment reference\s+7K3M-QX9D/);
    const digest = await templates['daily digest']!('en-GB');
    expect(digest.text).toContain('10:00, payment 7K3M-QX9D, booking BK-1001, Jane Traveller');
    // No booking and no payer's name: the payment reads by its reference and how it was paid.
    expect(digest.text).toContain('15:30, payment H8W2-4RTN, Bank payment');
    expect(digest.text).toContain('£200.00 in all');
    const ar = await templates['daily digest']!('ar');
    expect(ar.text).toContain('الدفعة 7K3M-QX9D');
  });
});

describe("a member's reminders", () => {
  it('asks to pay before the due date and after it, and asks nothing when the card will be collected', async () => {
    const due = await templates['member reminder, due soon']!('en-GB');
    expect(due.subject).toBe('Sunny Tours: your payment of £200.00 is due on 12 January 2027');
    expect(due.text).toContain('Pay £200.00');
    const overdue = await templates['member reminder, overdue']!('en-GB');
    expect(overdue.subject).toBe('Sunny Tours: your payment of £200.00 was due on 12 January 2027');
    expect(overdue.text).toContain('has not been paid yet');
    const collected = await templates['member reminder, will be collected']!('en-GB');
    expect(collected.subject).toBe('Sunny Tours: £200.00 will be collected from your card on 12 January 2027');
    expect(collected.text).toContain('from your Visa card ending 1111. You do not need to do anything.');
    expect(collected.text).not.toContain('Pay £200.00');
  });
});

describe('the failed collection', () => {
  it('says why in plain words, for each reason the runner records', async () => {
    expect(
      ['expired_card', 'insufficient_funds', 'declined', 'no_saved_card', 'challenge_required', 'x'].map(
        collectionFailure,
      ),
    ).toEqual(['card_expired', 'insufficient_funds', 'declined', 'no_card', 'authentication', 'other']);
    const email = await templates['collection failed']!('en-GB');
    expect(email.text).toContain('Your card has expired.');
    expect(email.text).toContain('Visa card ending 0006');
    expect(email.text).toContain('https://pay.example.com/6b1f');
    expect(email.text).toContain('Nothing was taken');
  });
});
