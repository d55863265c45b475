import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Form, Modal } from 'react-bootstrap';
import { formatDate } from '#shared/format.ts';
import { MESSAGES, REDIRECT_MESSAGES } from '#shared/messages.ts';
import {
  createRedirect,
  deleteRedirect,
  exportRedirects,
  ignoreNotFound,
  importRedirects,
  listNotFound,
  listRedirects,
  REDIRECT_PAGE_SIZE,
  updateRedirect,
  type NotFoundEntry,
  type Redirect,
} from '#shared/api/redirects.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { IconButton } from '#app/components/ui/IconButton.tsx';
import { Pager } from '#app/components/ui/Pager.tsx';
import { StackTable, type StackColumn } from '#app/components/ui/StackTable.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { guardScreen } from '#app/features/admin/account.ts';
import { call, callPage, download } from '#app/lib/api-client.ts';
import { saveFile } from '#app/lib/save-file.ts';
import { useSettled } from '#app/lib/use-settled.ts';
import { toast } from '#app/lib/toast.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/redirects';

type PageInfo = { page: number; limit: number; total: number; hasMore: boolean };
type Listed<T> = { data: T[]; meta: PageInfo | undefined };

/** The first page of each list: 50 rules by source, the 50 addresses most recently not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  const [rules, notFound] = await Promise.all([
    callPage(listRedirects, { query: { page: 1, limit: REDIRECT_PAGE_SIZE } }),
    callPage(listNotFound, { query: { page: 1, limit: REDIRECT_PAGE_SIZE } }),
  ]);
  return { rules, notFound };
}
clientLoader.hydrate = true as const;

async function downloadCsv() {
  saveFile(await download(exportRedirects), 'redirects.csv');
}

/** A server-paged list with a filter box: the page shown, and a reload after each change. */
function usePaged<T>(first: Listed<T>, fetch: (search: string, page: number) => Promise<Listed<T>>) {
  const [search, setSearch] = useState('');
  const searched = useSettled(search.trim());
  const [page, setPage] = useState(1);
  const [list, setList] = useState(first);
  const initial = useRef(true);
  const reload = useCallback(
    async (at = page) => {
      try {
        setList(await fetch(searched, at));
      } catch {
        toast.error(MESSAGES.somethingWentWrong);
      }
    },
    [fetch, searched, page],
  );
  useEffect(() => {
    if (initial.current) {
      initial.current = false;
      return;
    }
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new search, page or list reads again
  }, [searched, page, fetch]);
  const total = list.meta?.total ?? list.data.length;
  const pages = Math.max(1, Math.ceil(total / REDIRECT_PAGE_SIZE));
  return { search, setSearch: (v: string) => (setSearch(v), setPage(1)), page, setPage, pages, total, list, reload };
}

interface Draft {
  from: string;
  to: string;
  status: string;
}
const EMPTY: Draft = { from: '', to: '', status: '301' };

function RuleFields({ idPrefix, draft, onChange }: { idPrefix: string; draft: Draft; onChange: (d: Draft) => void }) {
  return (
    <>
      <Form.Group className="mb-2 flex-grow-1" controlId={`${idPrefix}-from`}>
        <Form.Label>Old address</Form.Label>
        <Form.Control
          value={draft.from}
          placeholder="/old-page or /old-section/*"
          onChange={(e) => onChange({ ...draft, from: e.target.value })}
        />
      </Form.Group>
      <Form.Group className="mb-2 flex-grow-1" controlId={`${idPrefix}-to`}>
        <Form.Label>New address</Form.Label>
        <Form.Control
          value={draft.to}
          disabled={draft.status === '410'}
          placeholder={draft.status === '410' ? 'none: the page is gone' : '/new-page or /new-section/*'}
          onChange={(e) => onChange({ ...draft, to: e.target.value })}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${idPrefix}-status`}>
        <Form.Label>Status</Form.Label>
        <Form.Select
          value={draft.status}
          onChange={(e) => onChange({ ...draft, status: e.target.value, to: e.target.value === '410' ? '' : draft.to })}
        >
          <option value="301">301 Moved permanently</option>
          <option value="302">302 Found (temporary)</option>
          <option value="410">410 Gone</option>
        </Form.Select>
      </Form.Group>
    </>
  );
}

const bodyOf = (d: Draft) => ({ from: d.from, to: d.status === '410' ? '' : d.to, status: Number(d.status) });

/**
 * Settings → Redirects (docs/product.md#redirects): the rules (add, edit, delete, import and export as
 * CSV), and the addresses visitors found nothing at, each with "Create redirect" and "Ignore".
 */
export default function Redirects({ loaderData }: Route.ComponentProps) {
  const [source, setSource] = useState<'manual' | 'automatic'>('manual');
  const fetchRules = useCallback(
    (search: string, page: number) =>
      callPage(listRedirects, {
        query: { search: search || undefined, page, limit: REDIRECT_PAGE_SIZE, source },
      }),
    [source],
  );
  const fetchNotFound = useCallback(
    (search: string, page: number) =>
      callPage(listNotFound, { query: { search: search || undefined, page, limit: REDIRECT_PAGE_SIZE } }),
    [],
  );
  const rules = usePaged<Redirect>(loaderData.rules, fetchRules);
  const notFound = usePaged<NotFoundEntry>(loaderData.notFound, fetchNotFound);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<(Draft & { id: string }) | null>(null);
  const [deleting, setDeleting] = useState<Redirect | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<Array<{ line: number; message: string }>>([]);
  const adding = useSubmit();
  const acting = useSubmit();
  const addForm = useRef<HTMLFormElement>(null);

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const done = await adding.run(() => call(createRedirect, { body: bodyOf(draft) }), {
      success: REDIRECT_MESSAGES.created,
    });
    if (done) {
      setDraft(EMPTY);
      await Promise.all([rules.reload(), notFound.reload()]);
    }
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const done = await acting.run(() => call(updateRedirect, { params: { id: editing.id }, body: bodyOf(editing) }), {
      success: REDIRECT_MESSAGES.saved,
    });
    if (done) {
      setEditing(null);
      await rules.reload();
    }
  };

  const remove = async (rule: Redirect) => {
    setDeleting(null);
    const done = await acting.run(() => call(deleteRedirect, { params: { id: rule._id } }), {
      success: REDIRECT_MESSAGES.deleted,
    });
    if (done) await rules.reload();
  };

  const importFile = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return toast.error(REDIRECT_MESSAGES.csvHeader);
    const csv = await file.text();
    await acting.run(() => call(importRedirects, { body: { csv } }), {
      success: (result) => {
        setRefused(result.refused);
        void rules.reload();
        return result.message;
      },
    });
  };

  const createFrom = (entry: NotFoundEntry) => {
    setDraft({ from: entry.path, to: '', status: '301' });
    addForm.current?.scrollIntoView({ block: 'center' });
    addForm.current?.querySelector<HTMLInputElement>('#redirect-add-to')?.focus();
  };

  const ignore = async (entry: NotFoundEntry) => {
    const done = await acting.run(() => call(ignoreNotFound, { body: { path: entry.path } }), {
      success: REDIRECT_MESSAGES.ignored,
    });
    if (done) await notFound.reload();
  };

  const ruleColumns: StackColumn<Redirect>[] = [
    { label: 'From', className: 'text-break', cell: (rule) => rule.from },
    { label: 'To', className: 'text-break', cell: (rule) => rule.to || '—' },
    { label: 'Status', cell: (rule) => rule.status },
    {
      label: 'Kind',
      cell: (rule) => (
        <>
          <Badge bg={rule.automatic ? 'info' : 'secondary'} text={rule.automatic ? 'dark' : undefined}>
            {rule.automatic ? 'automatic' : rule.kind}
          </Badge>{' '}
          {rule.imported && (
            <Badge bg="light" text="dark" className="border">
              imported
            </Badge>
          )}
        </>
      ),
    },
    { label: 'Hits', cell: (rule) => rule.hits ?? '—' },
    {
      label: 'Last hit',
      className: 'text-nowrap',
      cell: (rule) => (rule.lastHitAt ? formatDate(rule.lastHitAt) : '—'),
    },
    {
      label: 'Action',
      className: 'text-nowrap',
      cell: (rule) =>
        rule.automatic ? (
          <span className="text-body-secondary small">{REDIRECT_MESSAGES.automaticReadOnly}</span>
        ) : (
          <>
            <IconButton
              kind="edit"
              label={`Edit the redirect of ${rule.from}`}
              onClick={() => setEditing({ id: rule._id, from: rule.from, to: rule.to, status: String(rule.status) })}
            />
            <IconButton kind="delete" label={`Delete the redirect of ${rule.from}`} onClick={() => setDeleting(rule)} />
          </>
        ),
    },
  ];
  const notFoundColumns: StackColumn<NotFoundEntry>[] = [
    { label: 'Address', className: 'text-break', cell: (entry) => entry.path },
    { label: 'Count', cell: (entry) => entry.hits },
    { label: 'Last seen', className: 'text-nowrap', cell: (entry) => formatDate(entry.lastSeenAt) },
    { label: 'Referred by', className: 'text-break', cell: (entry) => entry.referrerHost ?? '—' },
    {
      label: 'Action',
      className: 'text-nowrap',
      cell: (entry) => (
        <>
          <Button size="sm" variant="outline-primary" className="me-2" onClick={() => createFrom(entry)}>
            Create redirect<span className="visually-hidden"> for {entry.path}</span>
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => void ignore(entry)}>
            Ignore<span className="visually-hidden"> {entry.path}</span>
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <section className="admin-card mb-4" aria-labelledby="redirect-rules-title">
        <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
          <h1 className="h3 mb-0" id="redirect-rules-title">
            Redirects
          </h1>
          <Button
            variant="outline-primary"
            onClick={() => downloadCsv().catch(() => toast.error(MESSAGES.somethingWentWrong))}
          >
            Export CSV
          </Button>
        </div>
        <p className="text-body-secondary small">
          An old address (/old-page) or everything under one (/old-section/*) leads to a new one (/new-section/* keeps
          the rest of the address); 410 tells visitors and search engines the page is gone. Loops are refused and chains
          are shortened when you save.
        </p>
        <form ref={addForm} noValidate onSubmit={add} className="d-flex flex-wrap gap-2 align-items-end mb-3">
          <RuleFields idPrefix="redirect-add" draft={draft} onChange={setDraft} />
          <SpinnerButton type="submit" className="mb-2" loading={adding.busy}>
            Add redirect
          </SpinnerButton>
        </form>
        <form noValidate onSubmit={importFile} className="d-flex flex-wrap gap-2 align-items-end mb-3">
          <Form.Group className="mb-2" controlId="redirect-import-file">
            <Form.Label>Import a CSV file (columns from,to,status)</Form.Label>
            <Form.Control
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
          </Form.Group>
          <SpinnerButton type="submit" variant="outline-primary" className="mb-2" loading={acting.busy}>
            Import CSV
          </SpinnerButton>
        </form>
        {refused.length ? (
          <div role="status" className="alert alert-warning">
            <ul className="mb-0">
              {refused.map((row) => (
                <li key={row.line}>{row.message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Form.Select
            className="w-auto mw-100"
            aria-label="Which redirects"
            value={source}
            onChange={(e) => {
              setSource(e.target.value as 'manual' | 'automatic');
              rules.setPage(1);
            }}
          >
            <option value="manual">Rules made here</option>
            <option value="automatic">Automatic (renamed pages)</option>
          </Form.Select>
          <Form.Control
            type="search"
            className="flex-grow-1 w-auto mw-100"
            placeholder="Filter by address"
            aria-label="Filter redirects"
            value={rules.search}
            onChange={(e) => rules.setSearch(e.target.value)}
          />
        </div>
        {rules.list.data.length === 0 ? <p className="text-body-secondary">{REDIRECT_MESSAGES.noRules}</p> : null}
        <StackTable columns={ruleColumns} rows={rules.list.data} rowKey={(rule) => rule._id} rowTestId="redirect-row" />
        <Pager label="Redirect pages" page={rules.page} pages={rules.pages} setPage={rules.setPage} />
      </section>

      <section className="admin-card" aria-labelledby="not-found-title">
        <h2 className="h4" id="not-found-title">
          Not found
        </h2>
        <p className="text-body-secondary small">
          Public addresses that answered "not found", most recent first (the last 5,000).
        </p>
        <Form.Control
          type="search"
          className="mb-3"
          placeholder="Filter by address"
          aria-label="Filter addresses not found"
          value={notFound.search}
          onChange={(e) => notFound.setSearch(e.target.value)}
        />
        {notFound.list.data.length === 0 ? <p className="text-body-secondary">{REDIRECT_MESSAGES.noNotFound}</p> : null}
        <StackTable
          columns={notFoundColumns}
          rows={notFound.list.data}
          rowKey={(entry) => entry.path}
          rowTestId="not-found-row"
        />
        <Pager label="Not found pages" page={notFound.page} pages={notFound.pages} setPage={notFound.setPage} />
      </section>

      <Modal show={editing !== null} onHide={() => setEditing(null)} centered aria-labelledby="redirect-modal-title">
        <form noValidate onSubmit={save}>
          <Modal.Header closeButton>
            <Modal.Title id="redirect-modal-title">Edit redirect</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {editing ? (
              <RuleFields
                idPrefix="redirect-edit"
                draft={editing}
                onChange={(d) => setEditing({ ...d, id: editing.id })}
              />
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <SpinnerButton type="submit" loading={acting.busy}>
              Save
            </SpinnerButton>
          </Modal.Footer>
        </form>
      </Modal>
      <ConfirmDialog
        show={deleting !== null}
        message={REDIRECT_MESSAGES.confirmDelete(deleting?.from ?? '')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </>
  );
}
