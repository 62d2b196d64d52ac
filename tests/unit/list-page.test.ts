import { describe, expect, it } from 'vitest';
import { listPage } from '@/lib/http/list-result';

/** A list of `size` records served like a list service does: take + 1 rows from skip, and a count. */
function source(size: number) {
  const counted = { times: 0 };
  const records = Array.from({ length: size }, (_, i) => i);
  const rows = async (limit: number, offset: number) => records.slice(offset, offset + limit);
  const countAll = async () => {
    counted.times += 1;
    return size;
  };
  return { rows, countAll, counted };
}

describe('listPage', () => {
  it('answers the total, not the page size, when more pages follow (the count runs)', async () => {
    const { rows, countAll, counted } = source(27);
    const page = await listPage({ skip: 0, take: 25 }, rows, countAll);
    expect([page.items.length, page.hasMore, page.total, counted.times]).toEqual([25, true, 27, 1]);
  });

  it('settles the total from the rows on the last page, without counting', async () => {
    const { rows, countAll, counted } = source(27);
    expect(await listPage({ skip: 25, take: 25 }, rows, countAll)).toMatchObject({
      items: [25, 26],
      hasMore: false,
      total: 27,
    });
    expect(await listPage({ skip: 0, take: 25 }, source(0).rows, countAll)).toMatchObject({ items: [], total: 0 });
    expect(counted.times).toBe(0);
  });

  it('counts when a skip lands past the end (no rows say nothing about the total)', async () => {
    const { rows, countAll, counted } = source(27);
    const page = await listPage({ skip: 50, take: 25 }, rows, countAll);
    expect([page.items.length, page.hasMore, page.total, counted.times]).toEqual([0, false, 27, 1]);
  });

  it('map keeps the paging facts', async () => {
    const { rows, countAll } = source(3);
    const page = (await listPage({ skip: 0, take: 2 }, rows, countAll)).map((n) => `#${n}`);
    expect(page).toMatchObject({ items: ['#0', '#1'], hasMore: true, total: 3 });
  });
});
