import type { ReactNode } from 'react';

export type Column<T> = { label: string; cell: (item: T) => ReactNode };

/**
 * One list of the booking's page: a heading, a table stacked on a narrow screen (globals.css .stack-table),
 * "none" when empty, and when the read model cut the list at its bound (`more`) "showing 25 of 1 234" with, where
 * a list page filters by booking, a link to it (`showAll`).
 */
export function DetailTable<T extends { id: string }>({
  id,
  title,
  list,
  columns,
  none,
  moreNote,
  showAll,
}: {
  id: string;
  title: string;
  list: { items: T[]; more: boolean; total?: number };
  columns: Column<T>[];
  none: string;
  moreNote: (shown: number, total: number) => string;
  showAll?: { href: string; text: string };
}) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`booking-${id}`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {list.items.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <table className="stack-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={item.id}>
                {columns.map((column) => (
                  <td key={column.label} data-label={column.label}>
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.more && (
        <p className="muted" data-testid={`booking-${id}-more`}>
          {moreNote(list.items.length, list.total ?? list.items.length)}{' '}
          {showAll && (
            <a href={showAll.href} aria-describedby={`${id}-title`} data-testid={`booking-${id}-all`}>
              {showAll.text}
            </a>
          )}
        </p>
      )}
    </section>
  );
}
