import { isoCurrency } from '@/lib/money';
import { cardViaWallet } from '@/lib/payments/wallet-names';
import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailFacts, EmailHeading, EmailNote, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { renderEmail, type RenderedEmail } from './render-email';

export type ReceiptEmail = {
  payerName: string | null;
  bookingReference: string | null;
  /** The payment's short reference as the payer quotes it ("7K3M-QX9D": transactions.short_reference, formatted). */
  paymentReference: string;
  /** PENDING: authorised and held on the card, not taken yet. */
  held: boolean;
  /** The total paid, surcharge included, in minor units of `currency`. */
  amount: number;
  currency: string;
  surcharge: number;
  dcc: { cardCurrency: string; rate: number; markupBps: number; convertedAmount: number } | null;
  /** A card paid from a wallet names it (transactions.wallet: apple_pay, google_pay), as the receipt page does. */
  method: { kind: 'card'; brand: string | null; lastFour: string | null; wallet: string | null } | { kind: 'bank' };
  /** Collected by the organisation from the stored card on its date (a scheduled payment, an instalment). */
  automatic: boolean;
  paidAt: Date;
  receiptUrl: string;
};

/** The payer's receipt after a payment: what was paid, to whom, how, when, and the printable receipt. */
export function receiptEmail(brand: EmailBrand, text: EmailText, input: ReceiptEmail): Promise<RenderedEmail> {
  const { t } = text;
  const amount = text.money(input.amount, input.currency);
  const organisation = brand.name;
  const subject = input.bookingReference
    ? t('receipt.subjectBooking', { organisation, booking: input.bookingReference })
    : t('receipt.subject', { organisation });
  const facts: [string, string][] = [[input.held ? t('receipt.amountHeld') : t('receipt.amountPaid'), amount]];
  if (input.surcharge > 0) facts.push([t('receipt.surcharge'), text.money(input.surcharge, input.currency)]);
  if (input.dcc) {
    const rate = new Intl.NumberFormat(text.locale, { maximumFractionDigits: 6 }).format(input.dcc.rate);
    const markup = new Intl.NumberFormat(text.locale, { style: 'percent', maximumFractionDigits: 2 });
    facts.push(
      [t('receipt.dccAmount'), text.money(input.dcc.convertedAmount, input.dcc.cardCurrency)],
      [
        t('receipt.dccRate'),
        t('receipt.dccRateValue', { from: isoCurrency(input.currency), to: isoCurrency(input.dcc.cardCurrency), rate }),
      ],
      [t('receipt.dccMarkup'), markup.format(input.dcc.markupBps / 10_000)],
    );
  }
  const method =
    input.method.kind === 'bank'
      ? t('receipt.bank')
      : cardViaWallet(
          input.method.brand && input.method.lastFour
            ? t('receipt.card', { brand: input.method.brand, lastFour: input.method.lastFour })
            : t('receipt.cardUnknown'),
          input.method.wallet,
          (words) => t('receipt.cardVia', words),
        );
  facts.push([t('receipt.method'), method], [t('receipt.date'), text.dateTime(input.paidAt)]);
  if (input.bookingReference) facts.push([t('bookingReference'), input.bookingReference]);
  facts.push([t('receipt.paymentReference'), input.paymentReference]);
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={t('receipt.preview', { amount, organisation })}>
      <EmailHeading>{input.held ? t('receipt.headingHeld') : t('receipt.heading')}</EmailHeading>
      {input.payerName && <EmailParagraph>{t('greeting', { name: input.payerName })}</EmailParagraph>}
      <EmailParagraph>
        {input.automatic
          ? t('receipt.collected', { organisation, amount })
          : input.held
            ? t('receipt.introHeld', { organisation, amount })
            : t('receipt.intro', { organisation, amount })}
      </EmailParagraph>
      <EmailFacts rows={facts} />
      {input.held && <EmailParagraph>{t('receipt.held', { organisation })}</EmailParagraph>}
      <EmailAction brand={brand} href={input.receiptUrl}>
        {t('receipt.action')}
      </EmailAction>
      <EmailNote>{t('receipt.keep')}</EmailNote>
    </EmailLayout>,
  );
}
