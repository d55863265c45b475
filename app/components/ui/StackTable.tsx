import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';

export interface StackColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Its cells' class; per row when a row's cell is to be left out of its card on a phone (`stack-empty`). */
  className?: string | ((row: T) => string | undefined);
}

/**
 * An admin list table that turns into labelled stacks on a phone: each cell carries its column's name in
 * `data-label`, which the `table-stack` styles (app/styles) show above the value below the small breakpoint.
 */
export function StackTable<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  columns: ReadonlyArray<StackColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowTestId?: string;
}) {
  return (
    <div className="table-responsive">
      <Table striped bordered hover className="align-middle bg-white table-stack">
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={typeof column.className === 'function' ? column.className(row) : column.className}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
