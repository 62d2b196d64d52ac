import { getTranslations } from 'next-intl/server';

type Props = {
  locale: string;
  /** The page's address without a query, and the filters to keep (empty values are left out). */
  base: string;
  filters: Record<string, string | undefined>;
  skip: number;
  take: number;
  total: number;
  hasMore: boolean;
  testId: string;
};

/** Previous / next links of a back-office list (plain links: no JavaScript), with "21–40 of 73". */
export async function RecordsPager({ locale, base, filters, skip, take, total, hasMore, testId }: Props) {
  const t = await getTranslations({ locale, namespace: 'DashboardRecords.pager' });
  const href = (at: number) => {
    const query = new URLSearchParams(
      Object.entries({ ...filters, skip: at ? String(at) : undefined }).filter((entry): entry is [string, string] =>
        Boolean(entry[1]),
      ),
    ).toString();
    return query ? `${base}?${query}` : base;
  };
  if (total === 0) return null;
  return (
    <nav aria-label={t('label')} className="row records-pager" data-testid={`${testId}-pager`}>
      <p>{t('showing', { from: skip + 1, to: Math.min(skip + take, total), total })}</p>
      {skip > 0 && (
        <a href={href(Math.max(0, skip - take))} rel="prev">
          {t('previous')}
        </a>
      )}
      {hasMore && (
        <a href={href(skip + take)} rel="next" data-testid={`${testId}-next`}>
          {t('next')}
        </a>
      )}
    </nav>
  );
}
