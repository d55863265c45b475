import { Link } from 'react-router';
import type { Import } from '#shared/api/imports.ts';
import { formatDate } from '#shared/format.ts';
import { IMPORT_UI_MESSAGES as T } from '#shared/messages.ts';
import { StackTable, type StackColumn } from '#app/components/ui/StackTable.tsx';

/** Step 5: the earlier imports, newest first, each opening its own state on the screen (`?id=`). */
export function ImportList({ imports }: { imports: readonly Import[] }) {
  const columns: StackColumn<Import>[] = [
    {
      label: T.listColumns.file,
      className: 'text-break',
      cell: (item) => <Link to={`?id=${encodeURIComponent(item._id)}`}>{item.fileName}</Link>,
    },
    { label: T.listColumns.date, className: 'text-nowrap', cell: (item) => formatDate(item.createdAt) },
    { label: T.listColumns.status, cell: (item) => T.statuses[item.status] ?? item.status },
  ];
  return (
    <section className="admin-card" aria-labelledby="import-list-title">
      <h2 className="h4" id="import-list-title">
        {T.earlierTitle}
      </h2>
      {imports.length ? (
        <StackTable columns={columns} rows={imports} rowKey={(item) => item._id} rowTestId="import-row" />
      ) : (
        <p className="text-body-secondary mb-0">{T.noEarlier}</p>
      )}
    </section>
  );
}
