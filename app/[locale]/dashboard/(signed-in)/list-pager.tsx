import { getTranslations } from 'next-intl/server';

type Props = {
  locale: string;
  /** The list's page address with its filters (no `page`), as the browser should keep them. */
  base: string;
  query: URLSearchParams;
  page: number;
  take: number;
  total: number;
  shown: number;
  hasMore: boolean;
};

/** A list's filters as the pager keeps them in its links: the ones with a value. */
export const filterQuery = (filters: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));

/**
 * Every back-office list's pager: "Showing 26 to 50 of 61", with plain links to the previous and next page (`?page=`,
 * the filters kept): paging needs no JavaScript.
 */
export async function Pager({ locale, base, query, page, take, total, shown, hasMore }: Props) {
  const t = await getTranslations({ locale, namespace: 'Dashboard.pager' });
  const at = (n: number) => {
    const next = new URLSearchParams(query);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    const text = next.toString();
    return text ? `${base}?${text}` : base;
  };
  if (total === 0) return null;
  return (
    <nav className="money-pager" aria-label={t('label')}>
      <p data-testid="pager-range">
        {t('range', { from: (page - 1) * take + 1, to: (page - 1) * take + shown, total })}
      </p>
      {page > 1 && (
        <a href={at(page - 1)} rel="prev">
          {t('previous')}
        </a>
      )}
      {hasMore && (
        <a href={at(page + 1)} rel="next" data-testid="pager-next">
          {t('next')}
        </a>
      )}
    </nav>
  );
}
