import type { ReactNode } from 'react';

export type Column<T> = { label: string; cell: (item: T) => ReactNode };

/**
 * One list of the booking's page: a heading, a table stacked on a narrow screen (globals.css .stack-table),
 * "none" when empty, and a note when the read model cut the list at its bound (`more`).
 */
export function DetailTable<T extends { id: string }>({
  id,
  title,
  list,
  columns,
  none,
  moreNote,
}: {
  id: string;
  title: string;
  list: { items: T[]; more: boolean };
  columns: Column<T>[];
  none: string;
  moreNote: string;
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
      {list.more && <p className="muted">{moreNote}</p>}
    </section>
  );
}
