/** A page of a list: the handler returns it and the wrapper adds `meta.count` and `meta.has_more`. */
export class ListResult<T = unknown> {
  constructor(
    readonly items: T[],
    readonly hasMore: boolean,
  ) {}
}

/**
 * Services fetch `take + 1` rows; the extra row only tells whether another page
 * exists, so listing never has to count the whole table.
 */
export function toPage<T>(rows: T[], take: number): ListResult<T> {
  return new ListResult(rows.slice(0, take), rows.length > take);
}
