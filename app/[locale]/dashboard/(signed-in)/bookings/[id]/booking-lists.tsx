import { getTranslations } from 'next-intl/server';
import type { BookingDetail } from '@/lib/core/bookings/booking-detail/booking-detail';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { londonDateTime } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';
import { DetailTable } from './detail-table';

type Props = { locale: string; detail: BookingDetail };

/**
 * The booking's lists, each as the read model bounds it: components, payments, links, ecommerce sessions,
 * scheduled payments, groups, credit notes, refunds, chargebacks (only with chargebacks:view: null
 * otherwise, so the section is left out) and the audit. Records with a page of their own link to it
 * (/dashboard/transactions/{id}, /links/{id}, /groups/{id}). Statuses are the API's codes, as the API
 * documentation names them.
 */
export async function BookingLists({ locale, detail }: Props) {
  const t = await getTranslations({ locale, namespace: 'DashboardBookings.detail' });
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const when = (iso: string | null) => (iso ? londonDateTime(new Date(iso), locale) : '–');
  const link = (path: string, text: string) => <a href={dashboardPath(locale, path)}>{text}</a>;
  const code = (value: string | null) => (value ? <code>{value}</code> : '–');
  const count = new Intl.NumberFormat(locale);
  const moreNote = (shown: number, total: number) =>
    t('moreOf', { shown: count.format(shown), total: count.format(total) });
  const common = (id: string) => ({ id, none: t('none'), moreNote });
  // The list pages that filter by booking do it as the API does: `keyword`, the booking's reference.
  const showAll = (path: string, query: Record<string, string> = {}) => ({
    href: `${dashboardPath(locale, path)}?${new URLSearchParams({ ...query, keyword: detail.booking.booking_reference })}`,
    text: t('showAll'),
  });
  const components = { items: detail.booking.components, more: false };
  return (
    <>
      <DetailTable
        {...common('components')}
        title={t('components')}
        list={components}
        columns={[
          { label: t('colType'), cell: (c) => code(c.type) },
          { label: t('colSupplier'), cell: (c) => c.supplier?.name ?? '–' },
          { label: t('colSupplierReference'), cell: (c) => c.booking_reference ?? '–' },
          { label: t('colAmount'), cell: (c) => money(c.amount, c.currency) },
        ]}
      />
      <DetailTable
        {...common('transactions')}
        title={t('transactions')}
        list={detail.transactions}
        showAll={showAll('/transactions')}
        columns={[
          { label: t('colPayment'), cell: (x) => link(`/transactions/${x.id}`, x.short_reference ?? x.id) },
          { label: t('colAmount'), cell: (x) => money(x.amount, x.currency) },
          { label: t('colStatus'), cell: (x) => code(x.status) },
          {
            label: t('colMethod'),
            cell: (x) =>
              [x.card_brand, x.card_last_four && `•••• ${x.card_last_four}`].filter(Boolean).join(' ') ||
              code(x.method),
          },
          { label: t('colCreated'), cell: (x) => when(x.created_at) },
        ]}
      />
      <DetailTable
        {...common('links')}
        title={t('links')}
        list={detail.payment_links}
        showAll={showAll('/links')}
        columns={[
          {
            label: t('colLink'),
            cell: (x) => link(`/links/${x.id}`, x.description || x.customer_name || x.id.slice(0, 8)),
          },
          { label: t('colAmount'), cell: (x) => money(x.amount, x.currency) },
          { label: t('colStatus'), cell: (x) => code(x.status) },
          { label: t('colExpires'), cell: (x) => when(x.expires_at) },
        ]}
      />
      <DetailTable
        {...common('sessions')}
        title={t('sessions')}
        list={detail.ecommerce_sessions}
        showAll={showAll('/links', { kind: 'ecommerce' })}
        columns={[
          { label: t('colLink'), cell: (x) => link(`/links/${x.id}`, x.customer_name || x.id.slice(0, 8)) },
          { label: t('colAmount'), cell: (x) => money(x.amount, x.currency) },
          { label: t('colStatus'), cell: (x) => code(x.status) },
          { label: t('colExpires'), cell: (x) => when(x.expires_at) },
        ]}
      />
      <DetailTable
        {...common('scheduled')}
        title={t('scheduled')}
        list={detail.scheduled_payments}
        columns={[
          { label: t('colDate'), cell: (x) => when(x.execute_after) },
          { label: t('colAmount'), cell: (x) => money(x.amount, x.currency) },
          { label: t('colStatus'), cell: (x) => code(x.status) },
          { label: t('colFailure'), cell: (x) => code(x.failure_reason) },
        ]}
      />
      <DetailTable
        {...common('groups')}
        title={t('groups')}
        list={detail.groups}
        columns={[
          { label: t('colGroup'), cell: (g) => link(`/groups/${g.id}`, g.name || g.lead_name || g.id.slice(0, 8)) },
          { label: t('colLeader'), cell: (g) => g.lead_name },
          { label: t('colMembers'), cell: (g) => g.members.length },
          { label: t('colStatus'), cell: (g) => code(g.status) },
        ]}
      />
      <DetailTable
        {...common('credit-notes')}
        title={t('creditNotes')}
        list={detail.credit_notes}
        columns={[
          { label: t('colCreditNote'), cell: (x) => x.short_id ?? x.id },
          { label: t('colAmount'), cell: (x) => money(x.amount, x.currency) },
          { label: t('colDescription'), cell: (x) => x.description ?? '–' },
          { label: t('colCreated'), cell: (x) => when(x.created_at) },
        ]}
      />
      <DetailTable
        {...common('refunds')}
        title={t('refunds')}
        list={detail.refunds}
        columns={[
          {
            label: t('colPayment'),
            cell: (x) => link(`/transactions/${x.transaction_id}`, x.transaction_id.slice(0, 8)),
          },
          { label: t('colAmount'), cell: (x) => money(x.amount, x.currency) },
          { label: t('colStatus'), cell: (x) => code(x.status) },
          { label: t('colCreated'), cell: (x) => when(x.created_at) },
        ]}
      />
      {detail.chargebacks && (
        <DetailTable
          {...common('chargebacks')}
          title={t('chargebacks')}
          list={detail.chargebacks}
          columns={[
            {
              label: t('colPayment'),
              cell: (x) => link(`/transactions/${x.transaction_id}`, x.transaction_id.slice(0, 8)),
            },
            { label: t('colAmount'), cell: (x) => money(x.amount, x.currency) },
            { label: t('colStatus'), cell: (x) => code(x.status) },
            { label: t('colReason'), cell: (x) => x.reason ?? '–' },
          ]}
        />
      )}
      <DetailTable
        {...common('audit')}
        title={t('audit')}
        list={detail.audit}
        columns={[
          { label: t('colWhen'), cell: (x) => when(x.created_at) },
          { label: t('colEvent'), cell: (x) => code(x.type) },
          { label: t('colWho'), cell: (x) => x.user.name ?? x.user.email ?? '–' },
        ]}
      />
    </>
  );
}
