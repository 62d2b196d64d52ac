import { createTranslator } from 'next-intl';
import { alertCatalogs } from './alert-catalogs';
import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailFacts, EmailHeading, EmailParagraph } from './email-parts';
import { emailText, type EmailText } from './email-text';
import type { OrganisationAlert } from './organisation-alert';
import { renderEmail, type RenderedEmail } from './render-email';

/** The alerts' words in one locale (messages/{locale}/EmailAlerts.json). */
export const alertTranslator = (text: EmailText) =>
  createTranslator({
    locale: text.locale,
    messages: { EmailAlerts: alertCatalogs[text.locale] },
    namespace: 'EmailAlerts',
  });

type AlertWords = { headline: string; body: string; next: string; facts: [string, string][] };

/** The headline, what happened, what to do, and the facts (amounts and instants formatted for the locale). */
export function alertWords(text: EmailText, alert: OrganisationAlert): AlertWords {
  const a = alertTranslator(text);
  const fact = (label: Parameters<typeof a>[0] & `facts.${string}`, value: string): [string, string] => [
    a(label),
    value,
  ];
  const reason = (given: string | null) => fact('facts.reason', given ?? a('noReason'));
  switch (alert.kind) {
    case 'capture_failed':
    case 'reverse_failed': {
      const key = alert.kind === 'capture_failed' ? 'captureFailed' : 'reverseFailed';
      const values = { amount: text.money(alert.amount, alert.currency), transaction: alert.transactionId };
      return {
        headline: a(`${key}.headline`, values),
        body: a(`${key}.body`, values),
        next: a(`${key}.next`),
        facts: [
          fact('facts.amount', values.amount),
          fact('facts.transaction', alert.transactionId),
          reason(alert.reason),
        ],
      };
    }
    case 'wallet_cancel_failed': {
      const values = { amount: text.money(alert.amount, alert.currency), transaction: alert.transactionId };
      return {
        headline: a('walletCancelFailed.headline', values),
        body: a('walletCancelFailed.body', values),
        next: a('walletCancelFailed.next'),
        facts: [
          fact('facts.amount', values.amount),
          fact('facts.transaction', alert.transactionId),
          fact('facts.pspReference', alert.providerReference ?? a('noReason')),
          reason(alert.reason),
        ],
      };
    }
    case 'refund_failed':
    case 'refund_unsettled': {
      const values = {
        amount: text.money(alert.amount, alert.currency),
        refund: alert.refund,
        transaction: alert.transactionId,
      };
      const attempts = alert.kind === 'refund_failed' ? alert.attemptsWithoutAnswer : alert.attempts;
      const key = alert.kind === 'refund_failed' ? 'refundFailed' : 'refundUnsettled';
      const body =
        alert.kind === 'refund_unsettled'
          ? a('refundUnsettled.body', { ...values, attempts: alert.attempts })
          : attempts === undefined
            ? a('refundFailed.body', values)
            : a('refundFailed.bodyNotSent', { ...values, attempts });
      return {
        headline: a(`${key}.headline`, values),
        body,
        next: a(`${key}.next`),
        facts: [
          fact('facts.amount', values.amount),
          fact('facts.refund', alert.refund),
          fact('facts.transaction', alert.transactionId),
          reason(alert.reason),
        ],
      };
    }
    case 'scheduled-payment-failed': {
      const amount = text.money(alert.amount, alert.currency);
      const due = text.date(alert.dueAt);
      const cause = a(`cause.${alert.cause}`, { attempts: alert.attempts });
      const values = { amount, booking: alert.bookingReference, due, cause };
      const facts = [
        fact('facts.amount', amount),
        fact('facts.booking', alert.bookingReference),
        fact('facts.dueDate', due),
        reason(alert.reason),
        fact('facts.scheduledPayment', alert.scheduledPaymentId),
      ];
      if (alert.transactionId) facts.push(fact('facts.lastTransaction', alert.transactionId));
      return {
        headline: a('scheduledPaymentFailed.headline', values),
        body: a('scheduledPaymentFailed.body', values),
        next: a('scheduledPaymentFailed.next'),
        facts,
      };
    }
    case 'payment_unresolved': {
      const amount = text.money(alert.amount, alert.currency);
      const values = { amount, transaction: alert.transactionId, hours: alert.hours };
      const facts = [
        fact('facts.amount', amount),
        fact('facts.transaction', alert.transactionId),
        fact('facts.method', a(`method.${alert.method}`)),
        fact('facts.started', text.dateTime(alert.startedAt)),
      ];
      if (alert.providerReference) facts.push(fact('facts.pspReference', alert.providerReference));
      return {
        headline: a('paymentUnresolved.headline', values),
        body: a('paymentUnresolved.body', values),
        next: a('paymentUnresolved.next', values),
        facts,
      };
    }
    case 'webhook-endpoint-disabled':
      return {
        headline: a('webhookEndpointDisabled.headline'),
        body: a('webhookEndpointDisabled.body', { url: alert.url }),
        // The body to post, as JSON (ICU would read its braces as a placeholder).
        next: a('webhookEndpointDisabled.next', { endpoint: alert.endpointId, enable: '{"status":"enabled"}' }),
        facts: [
          fact('facts.endpoint', alert.url),
          fact('facts.attempts', String(alert.attempts)),
          fact('facts.lastAttempt', text.dateTime(alert.lastAttemptAt)),
        ],
      };
    case 'email-undeliverable':
      return {
        headline: a('emailUndeliverable.headline', { to: alert.to }),
        body: a('emailUndeliverable.body', { to: alert.to, subject: alert.subject, attempts: alert.attempts }),
        next: a('emailUndeliverable.next'),
        facts: [
          fact('facts.recipient', alert.to),
          fact('facts.emailSubject', alert.subject),
          fact('facts.emailKind', alert.emailKind),
          fact('facts.serverSaid', alert.error),
          fact('facts.email', alert.emailId),
        ],
      };
  }
}

/**
 * An alert to the organisation's staff in their language (notify-organisation.ts picks it): what happened, the
 * facts, and what to do, in the organisation's band; the plain-text part is read from the same HTML.
 */
export function organisationAlertEmail(
  brand: EmailBrand,
  locale: string | null | undefined,
  alert: OrganisationAlert,
): Promise<RenderedEmail> {
  const text = emailText(locale);
  const words = alertWords(text, alert);
  const subject = alertTranslator(text)('subject', { organisation: brand.name, headline: words.headline });
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={words.body}>
      <EmailHeading>{subject}</EmailHeading>
      <EmailParagraph>{words.body}</EmailParagraph>
      <EmailFacts rows={words.facts} />
      <EmailParagraph>{words.next}</EmailParagraph>
    </EmailLayout>,
  );
}
