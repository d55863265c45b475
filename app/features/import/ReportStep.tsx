import { useEffect, useState } from 'react';
import { Alert, Badge, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import type { DataOf } from '#shared/api/endpoint.ts';
import { getImport, IMPORT_RULES_LINE, importItems, undoImport, type Import } from '#shared/api/imports.ts';
import { formatDate } from '#shared/format.ts';
import { IMPORT_UI_MESSAGES as T, MESSAGES } from '#shared/messages.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { Pager } from '#app/components/ui/Pager.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { StackTable, type StackColumn } from '#app/components/ui/StackTable.tsx';
import { call, callPage } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import { useCan } from '#app/features/admin/account.ts';
import { ReplaceImageButton } from './ReplaceImageButton';

/** The server's page of report lines (server/modules/site-import/service.ts). */
const LINES_PAGE = 100;
const FILTERS = ['', 'created', 'existing', 'skipped', 'failed'] as const;
const BADGES: Record<string, string> = { created: 'success', replaced: 'info', failed: 'danger' };

type Line = DataOf<typeof importItems>[number];

/** An address as people read it (/blogs/News/日本 rather than its %-escapes). */
function readable(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** A line's detail in words: its address is in its own column; the redirects' counts come as JSON. */
function detailOf(line: Line): string {
  if (line.kind === IMPORT_RULES_LINE) {
    try {
      const counts = JSON.parse(line.detail) as { added?: number; existing?: number; refused?: number };
      return T.redirectsMade(counts.added ?? 0, counts.existing ?? 0, counts.refused ?? 0);
    } catch {
      return line.detail;
    }
  }
  return line.detail
    .split('\n')
    .filter((part) => part !== line.path)
    .join(' · ');
}

/** The lines of the report with the outcome filter, a page at a time. */
function useLines(id: string, outcome: string) {
  const [page, setPage] = useState(1);
  const [lines, setLines] = useState<{ rows: Line[]; total: number } | null>(null);
  useEffect(() => {
    let stale = false;
    callPage(importItems, { params: { id }, query: { outcome: outcome || undefined, page } })
      .then(({ data, meta }) => !stale && setLines({ rows: data, total: meta?.total ?? data.length }))
      .catch(() => toast.error(MESSAGES.somethingWentWrong));
    return () => {
      stale = true;
    };
  }, [id, outcome, page]);
  /** One line as the server now has it (an image replaced by hand), in its place. */
  const replaceLine = (next: Line) =>
    setLines(
      (shown) =>
        shown && {
          ...shown,
          rows: shown.rows.map((row) => (row.kind === next.kind && row.key === next.key ? next : row)),
        },
    );
  return { page, setPage, lines, replaceLine };
}

/**
 * Step 4: the outcome of the job, every line of its report with the filter, and "Undo this import" while
 * it may be undone (7 days, docs/product.md#import). An image that failed can be uploaded by hand: the
 * import's posts and pages then show it (offered to those who may both import and upload images).
 */
export function ReportStep({
  current,
  onUndoing,
  onChanged,
}: {
  current: Import;
  onUndoing: (next: Import) => void;
  /** The import read again after a change of its report (its counts by outcome). */
  onChanged: (next: Import) => void;
}) {
  const [outcome, setOutcome] = useState('');
  const { page, setPage, lines, replaceLine } = useLines(current._id, outcome);
  const [asking, setAsking] = useState(false);
  const undoing = useSubmit();
  const gone = current.status === 'undone';
  // Its two calls need both: the upload `media.upload`, the replacement `site.import`.
  const mayImport = useCan('site.import');
  const mayUpload = useCan('media.upload');
  const mayReplace = mayImport && mayUpload && (current.status === 'done' || current.status === 'failed');

  const replaced = (next: Line) => {
    replaceLine(next);
    call(getImport, { params: { id: current._id } })
      .then(onChanged)
      .catch(() => undefined);
  };

  const undo = async () => {
    setAsking(false);
    const answer: { next?: Import } = {};
    await undoing.run(
      async () => {
        answer.next = await call(undoImport, { params: { id: current._id } });
      },
      { success: T.undoStarted },
    );
    if (answer.next) onUndoing(answer.next);
  };

  const linked = (line: Line) => Boolean(line.path && !gone && line.outcome !== 'failed');
  const columns: StackColumn<Line>[] = [
    // On a phone a line is a short card: its item as the heading, kind and outcome on one line, and only
    // the detail and address it has (app/styles/admin.scss, `.import-report`).
    { label: T.columns.item, className: 'text-break import-col-wide stack-heading', cell: (line) => line.label },
    { label: T.columns.kind, className: 'stack-inline', cell: (line) => T.kinds[line.kind] ?? line.kind },
    {
      label: T.columns.outcome,
      className: 'stack-inline',
      cell: (line) => (
        <Badge bg={BADGES[line.outcome] ?? 'secondary'}>{T.outcomes[line.outcome] ?? line.outcome}</Badge>
      ),
    },
    {
      label: T.columns.detail,
      className: (line) =>
        `text-break small import-col-wide${detailOf(line) || (line.kind === 'upload' && line.outcome === 'failed') ? '' : ' stack-empty'}`,
      cell: (line) => (
        <>
          {detailOf(line)}
          {line.kind === 'upload' && line.outcome === 'failed' ? (
            <span className="d-block">
              {T.failedImages} <Link to="/admin/media">{T.mediaLibrary}</Link>.
              {mayReplace ? (
                <span className="d-block">
                  <ReplaceImageButton importId={current._id} line={line} onReplaced={replaced} />
                </span>
              ) : null}
            </span>
          ) : null}
        </>
      ),
    },
    {
      label: T.columns.address,
      className: (line) => (linked(line) ? 'text-break' : 'text-break stack-empty'),
      cell: (line) =>
        linked(line) ? (
          <a href={line.path ?? undefined} target="_blank" rel="noreferrer">
            {readable(line.path ?? '')}
          </a>
        ) : (
          '—'
        ),
    },
  ];

  const outcomes = Object.entries(current.outcomes).filter(([, n]) => n > 0);
  const pages = Math.max(1, Math.ceil((lines?.total ?? 0) / LINES_PAGE));
  return (
    <section aria-labelledby="import-report-title" className="mb-4">
      <h2 className="h5" id="import-report-title">
        {T.reportTitle}: {T.statuses[current.status] ?? current.status}
      </h2>
      {current.error ? (
        <Alert variant="danger" className="text-break">
          {current.error}
        </Alert>
      ) : null}
      {gone ? <Alert variant="info">{T.undone}</Alert> : null}
      <ul className="list-inline mb-3" data-testid="import-outcomes">
        {outcomes.map(([name, n]) => (
          <li key={name} className="list-inline-item mb-1">
            <Badge bg={BADGES[name] ?? 'secondary'} className="fs-6 fw-normal">
              {T.outcomes[name] ?? name}: {n}
            </Badge>
          </li>
        ))}
      </ul>
      {current.undoUntil ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <SpinnerButton variant="outline-danger" loading={undoing.busy} onClick={() => setAsking(true)}>
            {T.undo}
          </SpinnerButton>
          <span className="small text-body-secondary">{T.undoUntil(formatDate(current.undoUntil))}</span>
        </div>
      ) : null}
      <Form.Group controlId="import-report-filter" className="d-flex align-items-center gap-2 mb-2">
        <Form.Label className="mb-0">{T.filterLabel}</Form.Label>
        <Form.Select
          className="w-auto"
          value={outcome}
          onChange={(e) => {
            setOutcome(e.target.value);
            setPage(1);
          }}
        >
          {FILTERS.map((name) => (
            <option key={name} value={name}>
              {name ? T.outcomes[name] : T.allOutcomes}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {lines && lines.rows.length === 0 ? <p className="text-body-secondary">{T.noLines}</p> : null}
      <StackTable
        columns={columns}
        rows={lines?.rows ?? []}
        rowKey={(line) => `${line.kind}:${line.key}`}
        rowTestId="import-line"
      />
      <Pager label={T.reportPages} page={page} pages={pages} setPage={setPage} />
      <ConfirmDialog
        show={asking}
        message={T.confirmUndo}
        confirmLabel={T.undo}
        onCancel={() => setAsking(false)}
        onConfirm={() => void undo()}
      />
    </section>
  );
}
