import { getTranslations } from 'next-intl/server';
import { hasRole } from '@/lib/auth/access';
import { listCreditNotes, listCreditNotesSchema } from '@/lib/core/credit-notes/credit-notes';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { requireStaff } from '../../staff-session';
import { moneyWords } from '../_money/money-words';
import { ChildrenListPage, childrenListAddress, frameWords } from '../_money/children-list';
import { issueCreditNoteAction } from './actions';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Search> };

/** Credit notes, newest first (POST /agent/credit-notes), and a form to issue one from a booking. */
export default async function CreditNotesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const t = await getTranslations({ locale, namespace: 'DashboardMoney.creditNotes' });
  const words = await moneyWords(locale);
  const search = await searchParams;
  const address = childrenListAddress(search);
  const list = await listCreditNotes(
    await getDb(),
    staff,
    listCreditNotesSchema.parse({
      organisation: staff.rootOrganisationId,
      ...address.options,
    }),
  );
  const base = dashboardPath(locale, '/credit-notes');
  // Issuing one needs the payment role; the page lists them for every role.
  const issueForm = hasRole(staff, 'booking-and-payment:create:payment') && (
    <>
      <h2>{t('issueTitle')}</h2>
      <p id="issue-hint">{t('issueIntro')}</p>
      <form action={issueCreditNoteAction} className="stack narrow" data-testid="credit-note-form">
        <input type="hidden" name="locale" value={locale} />
        <div className="field">
          <label htmlFor="cn-booking">{t('booking')}</label>
          <input id="cn-booking" name="booking" autoComplete="off" required aria-describedby="issue-hint" />
        </div>
        <div className="field">
          <label htmlFor="cn-amount">{t('amountField')}</label>
          <input id="cn-amount" name="amount" inputMode="decimal" autoComplete="off" required />
        </div>
        <div className="field">
          <label htmlFor="cn-description">{t('description')}</label>
          <input id="cn-description" name="description" autoComplete="off" maxLength={500} />
        </div>
        <div className="field">
          <label htmlFor="cn-applied">{t('appliedToField')}</label>
          <input id="cn-applied" name="applied_to" autoComplete="off" />
        </div>
        <div>
          <button type="submit">{t('issue')}</button>
        </div>
      </form>
    </>
  );
  return (
    <ChildrenListPage
      locale={locale}
      base={base}
      address={address}
      list={list}
      words={frameWords(t)}
      after={issueForm}
      testId="credit-notes"
      notice={{ namespace: 'DashboardMoney.creditNotes', search }}
    >
      <table className="stack-table money-table" data-testid="credit-notes-table">
        <caption>{t('caption', { total: list.total })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('number')}</th>
            <th scope="col">{t('created')}</th>
            <th scope="col">{t('customer')}</th>
            <th scope="col">{t('amount')}</th>
            <th scope="col">{t('from')}</th>
            <th scope="col">{t('appliedTo')}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((note) => (
            <tr key={note.id} data-testid="credit-note-row">
              <td data-label={t('number')}>{note.short_id}</td>
              <td data-label={t('created')}>{words.when(note.created_at)}</td>
              <td data-label={t('customer')}>{note.customer_name}</td>
              <td data-label={t('amount')}>
                {words.money(note.amount, note.currency)}
                {note.description && <span className="muted"> {note.description}</span>}
              </td>
              <td data-label={t('from')}>{note.booking_created_from?.booking_reference ?? '–'}</td>
              <td data-label={t('appliedTo')}>{note.booking_applied_to?.booking_reference ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ChildrenListPage>
  );
}
