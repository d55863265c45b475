import { useCallback, useState } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { saveFile } from '#app/lib/save-file.ts';
import { useSettled } from '#app/lib/use-settled.ts';
import { toast } from '#app/lib/toast.tsx';
import { formatDate } from '#shared/format.ts';
import { MESSAGES } from '#shared/messages.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { exportSubscribers, listSubscribers, removeSubscriber, type Subscriber } from '#shared/api/subscribers.ts';
import { guardScreen } from '#app/features/admin/account.ts';
import { call, callPage, download } from '#app/lib/api-client.ts';
import { usePagedList } from '#app/lib/use-paged-list.ts';
import { LoadMore } from '#app/components/ui/LoadMore.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import { AddSubscribersDialog, type AddMode } from '#app/features/admin/AddSubscribersDialog.tsx';
import type { Route } from './+types/subscribers';
import { IconButton } from '#app/components/ui/IconButton.tsx';

/** The first page (newest 50); "Load more" reads the next ones, so the page never loads the whole list. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  return callPage(listSubscribers, { query: { cursor: '' } });
}
clientLoader.hydrate = true as const;

const STATUS_COLOURS = { pending: 'warning', confirmed: 'success', unsubscribed: 'secondary' } as const;

async function downloadCsv() {
  saveFile(await download(exportSubscribers), 'subscribers.csv');
}

export default function Subscribers({ loaderData: firstPage }: Route.ComponentProps) {
  const [search, setSearch] = useState('');
  const searched = useSettled(search.trim());
  const fetchPage = useCallback(
    (cursor: string) => callPage(listSubscribers, { query: { cursor, search: searched || undefined } }),
    [searched],
  );
  const list = usePagedList<Subscriber>(fetchPage, firstPage);
  const subscribers = list.items ?? [];
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const [adding, setAdding] = useState<AddMode | null>(null);
  const acting = useSubmit();

  const remove = async (subscriber: Subscriber) => {
    setRemoving(null);
    const removed = await acting.run(() => call(removeSubscriber, { params: { id: subscriber._id } }), {
      onFailure: 'generic',
    });
    if (removed) list.update((rows) => rows.filter((row) => row._id !== subscriber._id));
  };

  return (
    <section className="admin-card">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">Subscribers</h1>
        <div className="d-flex flex-wrap gap-2">
          <Button onClick={() => setAdding('one')}>Add subscriber</Button>
          <Button variant="outline-primary" onClick={() => setAdding('csv')}>
            Import CSV
          </Button>
          <Button
            variant="outline-primary"
            onClick={() => downloadCsv().catch(() => toast.error(MESSAGES.somethingWentWrong))}
          >
            Export CSV
          </Button>
        </div>
      </div>
      <Form.Control
        type="search"
        className="mb-3"
        placeholder="Search by e-mail address"
        aria-label="Search subscribers"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {list.items && subscribers.length === 0 ? (
        <p className="text-body-secondary">
          {searched
            ? 'No subscriber matches this search.'
            : 'No subscribers yet. Visitors subscribe with the STAY IN THE KNOW box on the blog.'}
        </p>
      ) : null}
      <div className="table-responsive">
        <Table striped bordered hover className="align-middle bg-white table-stack">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Status</th>
              <th scope="col">Date</th>
              <th scope="col">Source post</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {subscribers.map((s) => (
              <tr key={s._id} data-testid="subscriber-row">
                <td data-label="E-mail">{s.email}</td>
                <td data-label="Status">
                  <Badge bg={STATUS_COLOURS[s.status]} text={s.status === 'pending' ? 'dark' : undefined}>
                    {s.status}
                  </Badge>
                </td>
                <td data-label="Date" className="text-nowrap">
                  {formatDate(s.createdAt)}
                </td>
                <td data-label="Source post">{s.source?.title ?? s.consentSource ?? '—'}</td>
                <td data-label="Action">
                  <IconButton kind="delete" label={`Remove ${s.email}`} onClick={() => setRemoving(s)} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <LoadMore list={list} />
      {adding ? (
        <AddSubscribersDialog mode={adding} onClose={() => setAdding(null)} onAdded={() => void list.reload()} />
      ) : null}
      <ConfirmDialog
        show={removing !== null}
        message={`Remove ${removing?.email ?? ''} from the list?`}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </section>
  );
}
