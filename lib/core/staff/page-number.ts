/**
 * The page number of a back-office list's `?page=` (1 when absent or nonsense). At most 4 000: 100 000 rows at 25 a
 * page, the deepest the API's lists go (`skip` ≤ 100 000).
 */
export const pageNumber = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 4000 ? n : 1;
};
