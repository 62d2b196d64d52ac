import { describe, expect, it } from 'vitest';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { emailText } from '@/lib/email/templates/email-text';
import { groupAlertEmail } from '@/lib/email/templates/group-alert-email';
import type { OrganisationAlert } from '@/lib/email/templates/organisation-alert';
import { organisationAlertEmail } from '@/lib/email/templates/organisation-alert-email';
import { formatMoney } from '@/lib/money';

/*
 * Each alert to an organisation's staff, rendered in en-GB and German from its facts: the words of its catalog
 * (messages/{locale}/EmailAlerts.json), the amount and the instants formatted for the locale (never an ISO
 * date), the references as given, and the same in the plain-text part. Before, each caller wrote English text.
 */
const brand = emailBrand('Sunny Tours', { brand_colour: '#7a1f5c' });
const at = new Date('2027-01-12T10:00:00Z');
const money = { amount: 20000, currency: 'GBX' };

type Case = { alert: OrganisationAlert; words: Record<'en-GB' | 'de', string[]>; date?: boolean };

const cases: Record<string, Case> = {
  'capture failed': {
    alert: { kind: 'capture_failed', ...money, transactionId: 'tx-1', reason: 'Insufficient balance' },
    words: {
      'en-GB': ['capture of £200.00 failed', 'Nothing was taken', 'Insufficient balance'],
      de: ['Einzug von 200,00 £ fehlgeschlagen', 'Es wurde nichts abgebucht', 'Insufficient balance'],
    },
  },
  'reverse failed': {
    alert: { kind: 'reverse_failed', ...money, transactionId: 'tx-1', reason: null },
    words: {
      'en-GB': ['reverse of £200.00 failed', 'The money is still held', 'no reason given'],
      de: ['Freigabe von 200,00 £ fehlgeschlagen', 'weiterhin reserviert', 'kein Grund angegeben'],
    },
  },
  'wallet cancel failed': {
    alert: {
      kind: 'wallet_cancel_failed',
      ...money,
      transactionId: 'tx-1',
      providerReference: 'PSP-9',
      reason: 'Not allowed',
    },
    words: {
      'en-GB': ['cancel of a refused wallet payment of £200.00 failed', 'nothing was captured', 'PSP-9', 'Not allowed'],
      de: ['Stornierung einer abgelehnten Wallet-Zahlung über 200,00 £', 'abgebucht wurde nichts', 'PSP-9'],
    },
  },
  'refund failed at the processor': {
    alert: { kind: 'refund_failed', ...money, refund: 'RF-7', transactionId: 'tx-1', reason: 'Refused' },
    words: {
      'en-GB': ['refund of £200.00 failed', 'The processor reports that the refund RF-7', 'refunded again'],
      de: ['Erstattung von 200,00 £ fehlgeschlagen', 'Der Zahlungsdienstleister meldet', 'erneut erstattet'],
    },
  },
  'refund never sent': {
    alert: {
      kind: 'refund_failed',
      ...money,
      refund: 'RF-7',
      transactionId: 'tx-1',
      reason: 'invalid card',
      attemptsWithoutAnswer: 1,
    },
    words: {
      'en-GB': ['could not be sent to the processor after 1 attempt.', 'invalid card'],
      de: ['nach 1 Versuch nicht an den Zahlungsdienstleister gesendet', 'invalid card'],
    },
  },
  'refund unsettled': {
    alert: {
      kind: 'refund_unsettled',
      ...money,
      refund: 'RF-7',
      transactionId: 'tx-1',
      reason: 'timed out',
      attempts: 8,
    },
    words: {
      'en-GB': ['refund of £200.00 needs checking', 'after 8 attempts', 'The amount stays held'],
      de: ['Erstattung von 200,00 £ muss geprüft werden', 'nach 8 Versuchen', 'Der Betrag bleibt reserviert'],
    },
  },
  'scheduled payment failed': {
    alert: {
      kind: 'scheduled-payment-failed',
      ...money,
      bookingReference: 'BK-1001',
      dueAt: at,
      cause: 'retries_exhausted',
      reason: 'insufficient_funds',
      attempts: 3,
      scheduledPaymentId: 'sp-1',
      transactionId: 'tx-9',
    },
    words: {
      'en-GB': [
        'a scheduled payment on booking BK-1001 failed',
        'could not take it in 3 attempts',
        'insufficient_funds',
      ],
      de: ['eine geplante Zahlung zur Buchung BK-1001', 'in 3 Versuchen nicht einziehen', 'insufficient_funds'],
    },
    date: true,
  },
  'payment unresolved': {
    alert: {
      kind: 'payment_unresolved',
      ...money,
      transactionId: 'tx-1',
      method: 'bank',
      startedAt: at,
      hours: 24,
      providerReference: 'PSP-1',
    },
    words: {
      'en-GB': ['has no answer from the processor', 'for 24 hours', 'Pay by Bank', 'PSP-1'],
      de: ['ohne Antwort des Zahlungsdienstleisters', 'seit 24 Stunden', 'Zahlung per Bank', 'PSP-1'],
    },
    date: true,
  },
  'webhook endpoint disabled': {
    alert: {
      kind: 'webhook-endpoint-disabled',
      url: 'https://hooks.example.com/in',
      endpointId: 'we-1',
      attempts: 12,
      lastAttemptAt: at,
    },
    words: {
      'en-GB': [
        'webhook endpoint disabled',
        'has failed for 3 days',
        'POST /api/agent/webhooks/we-1 with {"status":"enabled"}',
      ],
      de: ['Webhook-Endpunkt deaktiviert', 'seit 3 Tagen', 'POST /api/agent/webhooks/we-1 mit {"status":"enabled"}'],
    },
    date: true,
  },
  'email undeliverable': {
    alert: {
      kind: 'email-undeliverable',
      to: 'bounce@example.com',
      subject: 'Your receipt',
      emailKind: 'receipt',
      attempts: 2,
      error: '550 mailbox unavailable',
      emailId: 'em-1',
    },
    words: {
      'en-GB': ['an email to bounce@example.com could not be delivered', 'after 2 attempts', '550 mailbox unavailable'],
      de: [
        'eine E-Mail an bounce@example.com konnte nicht zugestellt werden',
        'nach 2 Versuchen',
        'Antwort des Mailservers',
      ],
    },
  },
};

const dates = { 'en-GB': /12 January 2027/, de: /12\. Januar 2027/ };

describe.each(Object.keys(cases))("the organisation's alert: %s", (name) => {
  const { alert, words, date } = cases[name]!;
  it.each(['en-GB', 'de'] as const)(
    'in %s: its words, amounts and dates for the locale, both parts',
    async (locale) => {
      const email = await organisationAlertEmail(brand, locale, alert);
      expect(email.subject.startsWith('Sunny Tours')).toBe(true);
      expect(email.html).toContain(`lang="${locale}"`);
      expect(email.html).toContain(`<title>${email.subject.replaceAll('"', '&quot;')}</title>`);
      // Spaces as written: the locale's amount may hold a no-break space ("200,00 £").
      const read = `${email.subject}\n${email.text}`.replace(/[\u00a0\u202f]/g, ' ');
      for (const word of words[locale]) expect(read).toContain(word);
      if ('amount' in alert) expect(email.text).toContain(formatMoney(alert.amount, alert.currency, locale));
      if (date) expect(email.text).toMatch(dates[locale]);
      expect(email.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      // No key left unresolved (next-intl answers a missing message with its key).
      expect(email.text).not.toMatch(
        /\b(facts|cause|method|[a-z]+(Failed|Unsettled|Unresolved|Disabled|Undeliverable))\.[a-z]/,
      );
      expect(email.html).toMatch(/background-color:#7a1f5c;color:#ffffff/i);
    },
  );
});

describe("the organisation's alerts", () => {
  it('read right to left in Arabic, with the amount in Arabic', async () => {
    const email = await organisationAlertEmail(brand, 'ar', cases['capture failed']!.alert);
    expect(email.html).toContain('dir="rtl"');
    expect(email.subject).toContain('فشل تحصيل');
    expect(email.text).toContain(formatMoney(20000, 'GBX', 'ar'));
  });

  it('fall back to en-GB for a language the site does not speak', async () => {
    const email = await organisationAlertEmail(brand, 'xx', cases['reverse failed']!.alert);
    expect(email.html).toContain('lang="en-GB"');
    expect(email.subject).toBe('Sunny Tours: reverse of £200.00 failed');
  });

  it("word a group's failed automatic charge in the reader's language, with the processor's code", async () => {
    const render = (locale: string) =>
      groupAlertEmail(brand, emailText(locale), {
        kind: 'charge_failed',
        groupName: 'Alps 2027',
        bookingReference: 'BK-1001',
        groupId: 'g-1',
        lines: [
          {
            memberName: 'Ola Nowak',
            ...money,
            dueAt: at,
            failure: { cause: 'retries_exhausted', reason: 'processor_unavailable', attempts: 7 },
          },
        ],
      });
    expect((await render('en-GB')).text).toContain(
      '(the processor could not take it in 7 attempts: processor_unavailable)',
    );
    expect((await render('de')).text).toContain(
      '(der Zahlungsdienstleister konnte sie in 7 Versuchen nicht einziehen: processor_unavailable)',
    );
  });
});
