import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailAction, EmailFacts, EmailHeading, EmailNote, EmailParagraph } from './email-parts';
import type { EmailText } from './email-text';
import { renderEmail, type RenderedEmail } from './render-email';

/** Why an automatic collection was not taken, in the words a payer understands. */
export type CollectionFailure =
  'card_expired' | 'insufficient_funds' | 'declined' | 'no_card' | 'authentication' | 'other';

/** The processor's or runner's reason as one of the failures the email explains. */
export function collectionFailure(reason: string): CollectionFailure {
  if (reason === 'expired_card') return 'card_expired';
  if (reason === 'insufficient_funds') return 'insufficient_funds';
  if (reason === 'no_saved_card') return 'no_card';
  if (reason === 'challenge_required' || reason === '3ds_failed') return 'authentication';
  if (reason.startsWith('declined') || reason === 'refused') return 'declined';
  return 'other';
}

export type CollectionFailedEmail = {
  payerName: string;
  bookingReference: string;
  groupName: string | null;
  amount: number;
  currency: string;
  dueAt: Date | null;
  failure: CollectionFailure;
  card: { brand: string; lastFour: string } | null;
  /** The payer's own link to pay this instalment (where a new card can be saved for the next ones). */
  payUrl: string;
};

/** A failed automatic collection, to the payer: what happened, that nothing was taken, and how to pay now. */
export function collectionFailedEmail(
  brand: EmailBrand,
  text: EmailText,
  input: CollectionFailedEmail,
): Promise<RenderedEmail> {
  const { t } = text;
  const amount = text.money(input.amount, input.currency);
  const organisation = brand.name;
  const booking = input.bookingReference;
  const trip = input.groupName
    ? t('collectionFailed.tripNamed', { group: input.groupName, booking })
    : t('collectionFailed.trip', { booking });
  const subject = t('collectionFailed.subject', { organisation, booking });
  const card = input.card ? t('collectionFailed.card', input.card) : t('collectionFailed.cardUnknown');
  const facts: [string, string][] = [[t('amount'), amount]];
  if (input.dueAt) facts.push([t('dueDate'), text.date(input.dueAt)]);
  facts.push([t('bookingReference'), booking]);
  return renderEmail(
    subject,
    <EmailLayout brand={brand} text={text} title={subject} preview={t('collectionFailed.preview', { amount })}>
      <EmailHeading>{t('collectionFailed.heading')}</EmailHeading>
      <EmailParagraph>{t('greeting', { name: input.payerName })}</EmailParagraph>
      <EmailParagraph>{t('collectionFailed.intro', { organisation, amount, trip, card })}</EmailParagraph>
      <EmailParagraph>{t(`collectionFailed.why.${input.failure}`)}</EmailParagraph>
      <EmailFacts rows={facts} />
      <EmailParagraph>{t('collectionFailed.next')}</EmailParagraph>
      <EmailAction brand={brand} href={input.payUrl}>
        {t('collectionFailed.action', { amount })}
      </EmailAction>
      <EmailNote>{t('collectionFailed.nothingTaken')}</EmailNote>
    </EmailLayout>,
  );
}
