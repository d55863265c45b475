import type { ReactNode } from 'react';
import { Button, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import type { ReportTable } from '#shared/analytics.ts';
import { exportAnalytics, type PostRow, type RangeQuery, type ReportRow } from '#shared/api/analytics.ts';
import { ANALYTICS_MESSAGES, MESSAGES } from '#shared/messages.ts';
import { StackTable, type StackColumn } from '#app/components/ui/StackTable.tsx';
import { download } from '#app/lib/api-client.ts';
import { saveFile } from '#app/lib/save-file.ts';
import { toast } from '#app/lib/toast.tsx';

type CsvTable = ReportTable | 'posts' | 'days';

/** The export needs the bearer token: fetched, then handed to the browser as a file. */
async function downloadCsv(table: CsvTable, range: RangeQuery) {
  saveFile(await download(exportAnalytics, { table, ...range }), `analytics-${table}-${range.from}-${range.to}.csv`);
}

/** "Download CSV" of one table, every row of it over the range. */
export function CsvButton({ table, range, name }: { table: CsvTable; range: RangeQuery; name: string }) {
  return (
    <Button
      variant="link"
      size="sm"
      className="p-0 text-nowrap"
      aria-label={`Download CSV of ${name}`}
      onClick={() => downloadCsv(table, range).catch(() => toast.error(MESSAGES.somethingWentWrong))}
    >
      Download CSV
    </Button>
  );
}

/** A card of the dashboard: its heading (and the CSV of its one table), and a table or more under it. */
export function ReportCard({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="admin-card h-100" data-testid={testId}>
      <div className="d-flex justify-content-between align-items-baseline gap-2 mb-2">
        <h2 className="h6 mb-0">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** How a table's values read: a referrer's '' is a visit with no referrer; devices are capitalised. */
function valueOf(table: ReportTable, row: ReportRow): string {
  if (row.label) return row.label;
  if (table.toLowerCase().includes('referrer') && row.value === '') return 'Direct or unknown';
  if (table === 'devices') return row.value.charAt(0).toUpperCase() + row.value.slice(1);
  return row.value;
}

export interface Counts {
  /** Headings of the two figures, or one heading when both are the same count (goals). */
  visitors: string;
  views?: string;
}

/** One dimension's top rows (at most ten), and its CSV. */
export function TopTable({
  table,
  name,
  valueLabel,
  rows,
  range,
  counts = { visitors: 'Visitors', views: 'Views' },
  sub = false,
}: {
  table: ReportTable;
  name: string;
  /** One of several tables of its card: its name heads it (else the card's heading is its name). */
  sub?: boolean;
  valueLabel: string;
  rows: readonly ReportRow[];
  range: RangeQuery;
  counts?: Counts;
}) {
  return (
    <div className="analytics-table" data-testid={`analytics-${table}`}>
      {sub ? (
        <div className="d-flex justify-content-between align-items-baseline gap-2 mb-1">
          <h3 className="small fw-semibold mb-0">{name}</h3>
          {rows.length ? <CsvButton table={table} range={range} name={name} /> : null}
        </div>
      ) : null}
      {rows.length ? (
        <Table size="sm" className="mb-3 analytics-top">
          <thead>
            <tr>
              <th scope="col">{valueLabel}</th>
              <th scope="col" className="text-end">
                {counts.visitors}
              </th>
              {counts.views ? (
                <th scope="col" className="text-end">
                  {counts.views}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <td className="text-break">{valueOf(table, row)}</td>
                <td className="text-end">{row.visitors.toLocaleString('en')}</td>
                {counts.views ? <td className="text-end">{row.views.toLocaleString('en')}</td> : null}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="small text-body-secondary mb-3">{ANALYTICS_MESSAGES.noRows}</p>
      )}
    </div>
  );
}

const postColumns: StackColumn<PostRow>[] = [
  {
    label: 'Post',
    cell: (post) => (
      <Link to={`/admin/blogs/edit/${post.postId}`}>
        {post.title || <span className="text-body-secondary">Untitled post</span>}
      </Link>
    ),
  },
  { label: 'Visitors', cell: (post) => post.visitors.toLocaleString('en'), className: 'text-lg-end' },
  { label: 'Views', cell: (post) => post.views.toLocaleString('en'), className: 'text-lg-end' },
  { label: 'Reads', cell: (post) => post.reads.toLocaleString('en'), className: 'text-lg-end' },
  { label: 'Subscriptions', cell: (post) => post.subscriptions.toLocaleString('en'), className: 'text-lg-end' },
];

/** The top posts (an Author's: their own) with reads to the end and subscriptions from them. */
export function PostsTable({ posts }: { posts: readonly PostRow[] }) {
  return (
    <div className="analytics-posts" data-testid="analytics-posts">
      <p className="small text-body-secondary mb-2">
        Reads: visitors who reached the end of the post. Subscriptions: confirmed, from the post&apos;s page.
      </p>
      <StackTable columns={postColumns} rows={posts} rowKey={(post) => post.postId} rowTestId="analytics-post-row" />
    </div>
  );
}
