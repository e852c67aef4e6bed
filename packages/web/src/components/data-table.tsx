import type { ReactNode } from 'react';

/**
 * A table in its scrolling wrapper (`table-wrap`) with one row of column headings: the lists of
 * the public and admin pages. `className` is the table's, `wrapClassName` an extra class of the
 * wrapper; the rows are the children (the tbody's content).
 */
export function DataTable({
  className,
  wrapClassName,
  columns,
  children,
}: {
  className: string;
  wrapClassName?: string;
  /** The column headings, left to right (each a th scope="col"). */
  columns: readonly ReactNode[];
  children: ReactNode;
}) {
  return (
    <div className={wrapClassName === undefined ? 'table-wrap' : `table-wrap ${wrapClassName}`}>
      <table className={className}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              // The headings are fixed for a table: their place is their key.
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
