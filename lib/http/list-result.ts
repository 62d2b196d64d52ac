/**
 * A page of a list: the handler returns it and the wrapper adds `meta.count`
 * (the total number of matching records) and `meta.has_more`.
 */
export class ListResult<T = unknown> {
  constructor(
    readonly items: T[],
    readonly hasMore: boolean,
    /** Every record matching the list's conditions, not only this page (Felloh's pager stops at skip >= count). */
    readonly total: number,
  ) {}

  map<U>(serialize: (item: T) => U): ListResult<U> {
    return new ListResult(this.items.map(serialize), this.hasMore, this.total);
  }
}

export type PageWindow = { skip: number; take: number };

/**
 * Runs a list's page query and, when needed, its count. `rows` fetches
 * `take + 1` rows (the extra one says whether another page exists); `countAll`
 * must count over exactly the WHERE the rows use, so build the conditions once
 * and pass them to both. On the last page the rows settle the total and no
 * count runs.
 */
export async function listPage<T>(
  window: PageWindow,
  rows: (limit: number, offset: number) => Promise<T[]>,
  countAll: () => Promise<number>,
): Promise<ListResult<T>> {
  const fetched = await rows(window.take + 1, window.skip);
  const items = fetched.slice(0, window.take);
  const hasMore = fetched.length > window.take;
  const lastPage = !hasMore && (items.length > 0 || window.skip === 0);
  const total = lastPage ? window.skip + items.length : await countAll();
  return new ListResult(items, hasMore, total);
}
