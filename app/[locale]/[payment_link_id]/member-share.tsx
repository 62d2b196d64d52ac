import { getFormatter, getTranslations } from 'next-intl/server';
import type { InstalmentChoice } from '@/lib/core/groups/instalment-choices';
import type { MemberCheckout, MemberInstalment } from '@/lib/core/hosted-checkout/member-checkout';
import { formatMoney } from '@/lib/money';
import type { StoreCardText } from './card-entry/card-choices';
import { checkoutPath } from './checkout-paths';
import { memberPagePath } from './member/member-paths';

/*
 * A group member's link (docs/groups.md, "Member checkout"): their share, what
 * is paid and what is next, and how many instalments to pay now. The choice is
 * a plain GET form (the page's `pay` query), so it works before hydration and
 * the card check, the surcharge and the pay button all read the chosen total.
 */

type Props = { member: MemberCheckout; currency: string; locale: string };

const dateOf = async (date: Date) =>
  (await getFormatter()).dateTime(date, { dateStyle: 'long', timeZone: 'Europe/London' });

/** Share, paid, still to pay, the next instalment, and every instalment with its status. */
export async function MemberShare({ member, currency, locale }: Props) {
  const t = await getTranslations('GroupCheckout');
  const money = (value: number) => formatMoney(value, currency, locale);
  const status: Record<MemberInstalment['status'], string> = {
    paid: t('statusPaid'),
    in_progress: t('statusInProgress'),
    unpaid: t('statusUnpaid'),
  };
  const next = member.next;
  return (
    <section className="card member-share" aria-labelledby="share-heading" data-testid="member-share">
      <h2 id="share-heading">{t('shareHeading')}</h2>
      <dl className="checkout-details">
        <dt>{t('share')}</dt>
        <dd data-testid="member-share-amount">{money(member.share)}</dd>
        <dt>{t('paid')}</dt>
        <dd data-testid="member-paid">{money(member.paid)}</dd>
        <dt>{t('remaining')}</dt>
        <dd data-testid="member-remaining">{money(member.remaining)}</dd>
        <dt>{t('next')}</dt>
        <dd data-testid="member-next">
          {next
            ? t('nextValue', {
                sequence: next.sequence ?? 1,
                amount: money(next.amount),
                date: next.dueAt ? await dateOf(next.dueAt) : '',
              })
            : t('nextNone')}
        </dd>
      </dl>
      <MemberPageLink member={member} locale={locale} />
      {member.instalments.length > 1 && (
        <>
          <h3>{t('instalmentsHeading')}</h3>
          <ol className="member-instalments" data-testid="member-instalments">
            {await Promise.all(
              member.instalments.map(async (i) => (
                <li
                  key={i.linkId}
                  data-status={i.status}
                  data-testid={`instalment-${i.sequence}`}
                  aria-current={i.current ? 'page' : undefined}
                >
                  <span>
                    {t('instalment', { sequence: i.sequence ?? 1 })}
                    {i.current && <> ({t('thisLink')})</>}
                  </span>
                  <span>
                    {money(i.amount)}
                    {i.dueAt && <>, {t('instalmentDue', { date: await dateOf(i.dueAt) })}</>}
                  </span>
                  <strong>{status[i.status]}</strong>
                </li>
              )),
            )}
          </ol>
        </>
      )}
    </section>
  );
}

/** The member's own page (their schedule, automatic collection, the stored card), from any of their links. */
async function MemberPageLink({ member, locale }: { member: MemberCheckout; locale: string }) {
  const current = member.instalments.find((i) => i.current);
  if (!current) return null;
  const t = await getTranslations('MemberPage');
  return (
    <p>
      <a href={memberPagePath(locale, current.linkId)} data-testid="member-page-link">
        {t('openFromLink')}
      </a>
    </p>
  );
}

/** This instalment alone, or more in due order up to all: reloads the page with the chosen total. */
export async function InstalmentChoiceForm({
  member,
  chosen,
  currency,
  locale,
  linkId,
}: Props & { chosen: InstalmentChoice; linkId: string }) {
  const t = await getTranslations('GroupCheckout');
  const money = (value: number) => formatMoney(value, currency, locale);
  const last = member.choices.at(-1)!;
  const label = (c: InstalmentChoice) => {
    if (c.count === 1) return t('chooseThis', { amount: money(c.amount) });
    if (c === last && c.remainingAfter === 0) return t('chooseAll', { count: c.count, amount: money(c.amount) });
    return t('chooseSeveral', { count: c.count, amount: money(c.amount) });
  };
  return (
    <form method="get" action={checkoutPath(locale, linkId)} className="stack" data-testid="instalment-choice">
      <fieldset className="choice">
        <legend>{t('chooseLegend')}</legend>
        {member.choices.map((c) => (
          <div className="choice-option" key={c.count}>
            <input
              type="radio"
              id={`pay-${c.count}`}
              name="pay"
              value={c.count}
              defaultChecked={c.count === chosen.count}
            />
            <label htmlFor={`pay-${c.count}`}>{label(c)}</label>
          </div>
        ))}
      </fieldset>
      <div>
        <button type="submit" className="secondary" data-testid="instalment-choice-submit">
          {t('chooseButton')}
        </button>
      </div>
    </form>
  );
}

/**
 * The store-card choice as an offer to collect the rest automatically, when instalments with due dates
 * remain, with each instalment it would collect and when. The amounts are before any surcharge until the
 * card is known; the card check then gives this card's amounts (surcharge included), which the tick shows
 * instead: what the member sees is what the runner collects (lib/core/groups/collection-charge.ts).
 */
export async function autoCollectText(
  chosen: InstalmentChoice | null,
  organisation: string,
  currency: string,
): Promise<StoreCardText | undefined> {
  if (!chosen || chosen.remainingAfter === 0) return undefined;
  const t = await getTranslations('GroupCheckout');
  const collections = await Promise.all(
    chosen.collect.map(async (c) => ({ amount: c.amount, date: await dateOf(c.dueAt) })),
  );
  return {
    label: t('autoCollectLabel', { count: chosen.remainingAfter }),
    hint: t('autoCollectHint', { organisation }),
    currency,
    collections,
  };
}

/** How many instalments the form below pays, and their total. */
export async function PayingSummary({
  chosen,
  currency,
  locale,
}: {
  chosen: InstalmentChoice;
  currency: string;
  locale: string;
}) {
  const t = await getTranslations('GroupCheckout');
  return (
    <p className="notice" data-testid="paying-summary">
      {t('paying', { count: chosen.count, amount: formatMoney(chosen.amount, currency, locale) })}
    </p>
  );
}
