import { useCallback, useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { formatDate } from '#shared/format.ts';
import { deleteMessage, listMessages, markMessageRead, type ContactMessage } from '#shared/api/contact.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { guardScreen, useAccount } from '#app/features/admin/account.ts';
import { call, callPage } from '#app/lib/api-client.ts';
import { usePagedList } from '#app/lib/use-paged-list.ts';
import { LoadMore } from '#app/components/ui/LoadMore.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/messages';
import { IconButton } from '#app/components/ui/IconButton.tsx';

/** The newest 50; "Load more" reads the next ones. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  return callPage(listMessages, { query: { cursor: '' } });
}
clientLoader.hydrate = true as const;

/** Contact messages, newest first: mark read or unread, delete (docs/product.md#messages). */
export default function Messages({ loaderData: firstPage }: Route.ComponentProps) {
  // Who marks a message read is shown beside it (docs/product.md#team-and-roles).
  const me = useAccount()?.name;
  const fetchPage = useCallback((cursor: string) => callPage(listMessages, { query: { cursor } }), []);
  const list = usePagedList<ContactMessage>(fetchPage, firstPage);
  const messages = list.items ?? [];
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);

  const acting = useSubmit();
  /** A change of one message is made in place, so the pages loaded so far stay. */
  const act = async (work: () => Promise<unknown>, change: (rows: ContactMessage[]) => ContactMessage[]) => {
    if (await acting.run(work, { onFailure: 'generic' })) list.update(change);
  };

  return (
    <section className="admin-card">
      <h1 className="h3 mb-3">Messages</h1>
      {messages.length === 0 ? <p>No messages yet.</p> : null}
      <div className="table-responsive">
        <Table bordered hover className="align-middle bg-white admin-messages table-stack">
          <tbody>
            {messages.map((m) => (
              <tr key={m._id} className={m.read ? '' : 'fw-semibold'} data-testid="message-row">
                <td data-label="Date" className="text-nowrap">
                  {m.read ? null : (
                    <Badge bg="primary" className="me-2">
                      New
                    </Badge>
                  )}
                  <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>
                  {m.read && m.readBy ? (
                    <div className="small text-body-secondary fw-normal">Read by {m.readBy}</div>
                  ) : null}
                </td>
                <td data-label="From">
                  <div>{m.name}</div>
                  <a href={`mailto:${m.email}`} className="small">
                    {m.email}
                  </a>
                </td>
                <td data-label="Message" style={{ whiteSpace: 'pre-wrap', minWidth: 240 }}>
                  {m.message}
                </td>
                <td data-label="Action" className="text-nowrap">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    className="me-2"
                    onClick={() =>
                      void act(
                        () => call(markMessageRead, { params: { id: m._id }, body: { read: !m.read } }),
                        (rows) =>
                          rows.map((row) =>
                            row._id === m._id ? { ...row, read: !m.read, readBy: m.read ? undefined : me } : row,
                          ),
                      )
                    }
                  >
                    {m.read ? 'Mark unread' : 'Mark read'}
                  </Button>
                  <IconButton kind="delete" label={`Delete message from ${m.name}`} onClick={() => setDeleting(m)} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <LoadMore list={list} />
      <ConfirmDialog
        show={deleting !== null}
        message={`Delete the message from ${deleting?.name ?? ''}?`}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const message = deleting;
          setDeleting(null);
          if (message) {
            void act(
              () => call(deleteMessage, { params: { id: message._id } }),
              (rows) => rows.filter((row) => row._id !== message._id),
            );
          }
        }}
      />
    </section>
  );
}
