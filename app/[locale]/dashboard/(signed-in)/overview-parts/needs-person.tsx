import { getTranslations } from 'next-intl/server';
import type { Overview } from '@/lib/core/overview/get-overview';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { londonDateTime } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';

type Item = { key: string; href: string; amount: number; currency: string; at: string | null };
/** `filter`: the section's list opened on what the tile counts (its query), where the list opens on something else. */
type Tile = { key: string; section: string; filter?: string; count: number; items: Item[] };

/**
 * What needs a person, each with its count, its oldest few (linked to the record's page) and a link to
 * the section that deals with it: refunds awaiting authorisation, failed collections, unsettled payments,
 * chargebacks (only with chargebacks:view: null otherwise, so left out), members awaiting approval.
 */
export async function NeedsPerson({ locale, overview }: { locale: string; overview: Overview }) {
  const t = await getTranslations({ locale, namespace: 'DashboardOverview' });
  const n = overview.needs_person;
  const tiles: Tile[] = [
    {
      key: 'refunds',
      section: '/refunds',
      count: n.refunds_awaiting_authorisation.count,
      items: n.refunds_awaiting_authorisation.items.map((x) => ({
        key: x.id,
        href: `/transactions/${x.transaction_id}`,
        amount: x.amount,
        currency: x.currency,
        at: x.created_at,
      })),
    },
    {
      key: 'failedCollections',
      section: '/scheduled-payments',
      // The list opens on Queued; the tile is about the failed ones.
      filter: 'status=FAILED',
      count: n.failed_collections.count,
      items: n.failed_collections.items.map((x) => ({
        key: x.id,
        href: `/bookings/${x.booking_id}`,
        amount: x.amount,
        currency: x.currency,
        at: x.failed_at,
      })),
    },
    {
      key: 'unsettled',
      section: '/transactions',
      count: n.unsettled_payments.count,
      items: n.unsettled_payments.items.map((x) => ({
        key: x.id,
        href: `/transactions/${x.id}`,
        amount: x.amount,
        currency: x.currency,
        at: x.since,
      })),
    },
    ...(n.chargebacks
      ? [
          {
            key: 'chargebacks',
            section: '/chargebacks',
            count: n.chargebacks.count,
            items: n.chargebacks.items.map((x) => ({
              key: x.id,
              href: `/transactions/${x.transaction_id}`,
              amount: x.amount,
              currency: x.currency,
              at: x.received_at,
            })),
          },
        ]
      : []),
    {
      key: 'members',
      section: '/groups',
      count: n.members_awaiting_approval.count,
      items: n.members_awaiting_approval.items.map((x) => ({
        key: x.id,
        href: `/groups/${x.group_id}`,
        amount: x.amount,
        currency: x.currency,
        at: x.created_at,
      })),
    },
  ];
  return (
    <section aria-labelledby="overview-needs-title" data-testid="overview-needs-person">
      <h2 id="overview-needs-title">{t('needsTitle')}</h2>
      <ul className="overview-tiles">
        {tiles.map((tile) => (
          <li key={tile.key} className="card" data-testid={`needs-${tile.key}`} data-count={tile.count}>
            <h3>
              <a href={`${dashboardPath(locale, tile.section)}${tile.filter ? `?${tile.filter}` : ''}`}>
                {t(`needs_${tile.key}` as 'needsTitle', { count: tile.count })}
              </a>
            </h3>
            {tile.items.length > 0 && (
              <ul>
                {tile.items.map((item) => (
                  <li key={item.key}>
                    <a href={dashboardPath(locale, item.href)}>{formatMoney(item.amount, item.currency, locale)}</a>{' '}
                    <span className="muted">{item.at ? londonDateTime(new Date(item.at), locale) : ''}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
