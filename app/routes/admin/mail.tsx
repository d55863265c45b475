import { useState } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { useRevalidator, useSearchParams } from 'react-router';
import { formatDate } from '#shared/format.ts';
import {
  discardOutgoingMail,
  listOutgoingMail,
  OUTGOING_MAIL_VIEWS,
  retryOutgoingMail,
  type OutgoingMail,
  type OutgoingMailView,
} from '#shared/api/mail.ts';
import { UI_MESSAGES } from '#shared/messages.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { guardScreen } from '#app/features/admin/account.ts';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/mail';

const VIEW_LABELS: Record<OutgoingMailView, string> = { failed: 'Failed', pending: 'Waiting to be sent' };
const STATUS_BADGES: Record<OutgoingMail['status'], { label: string; bg: string }> = {
  failed: { label: 'Failed', bg: 'danger' },
  pending: { label: 'Waiting', bg: 'warning' },
  sending: { label: 'Sending', bg: 'info' },
};

/** Failed e-mail (the default view) or e-mail waiting to be sent, with the last error. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  const view = OUTGOING_MAIL_VIEWS.find((v) => v === new URL(request.url).searchParams.get('status')) ?? 'failed';
  const [listed, waiting] = await Promise.all([
    call(listOutgoingMail, { query: { status: view } }),
    // With nothing failed, the empty view says how much still waits (SMTP down shows there first).
    view === 'failed' ? call(listOutgoingMail, { query: { status: 'pending' } }) : null,
  ]);
  return { view, ...listed, waiting: waiting?.total ?? 0 };
}
clientLoader.hydrate = true as const;

/** Outgoing mail: what failed or waits, with Retry and Discard (docs/product.md#outgoing-mail). */
export default function Mail({ loaderData }: Route.ComponentProps) {
  const { view, mails, total, waiting } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [discarding, setDiscarding] = useState<OutgoingMail | null>(null);
  const acting = useSubmit();

  const show = (next: string) => {
    const params = new URLSearchParams(searchParams);
    params.set('status', next);
    setSearchParams(params);
  };
  const act = async (work: () => Promise<unknown>, success: string) => {
    if (await acting.run(work, { success })) await revalidator.revalidate();
  };

  return (
    <section className="admin-card">
      <div className="d-flex flex-wrap gap-3 justify-content-between align-items-end mb-3">
        <h1 className="h3 mb-0">Outgoing mail</h1>
        <Form.Group controlId="mail-status-filter">
          <Form.Label className="small mb-1">Show</Form.Label>
          <Form.Select value={view} onChange={(e) => show(e.target.value)}>
            {OUTGOING_MAIL_VIEWS.map((v) => (
              <option key={v} value={v}>
                {VIEW_LABELS[v]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {mails.length === 0 ? (
        <p data-testid="mail-empty">
          {view === 'failed' ? UI_MESSAGES.noFailedMail : UI_MESSAGES.noWaitingMail}
          {view === 'failed' && waiting > 0 ? (
            <>
              {' '}
              <Button variant="link" className="p-0 align-baseline" onClick={() => show('pending')}>
                {UI_MESSAGES.mailWaiting(waiting)}
              </Button>
            </>
          ) : null}
        </p>
      ) : (
        <>
          {total > mails.length ? (
            <p className="small text-muted">
              The first {mails.length} of {total}.
            </p>
          ) : null}
          <div className="table-responsive">
            <Table bordered hover className="align-middle bg-white admin-mail table-stack">
              <thead>
                <tr>
                  <th scope="col">Recipient</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last error</th>
                  <th scope="col">Next try</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {mails.map((m) => (
                  <tr key={m._id} data-testid="mail-row">
                    <td data-label="Recipient" className="text-break">
                      {m.to}
                    </td>
                    <td data-label="Subject" style={{ minWidth: 200 }}>
                      {m.subject}
                      {m.requestedBy ? <div className="small text-body-secondary">Sent for {m.requestedBy}</div> : null}
                    </td>
                    <td data-label="Status">
                      <Badge bg={STATUS_BADGES[m.status].bg}>{STATUS_BADGES[m.status].label}</Badge>
                    </td>
                    <td data-label="Attempts">{m.attempts}</td>
                    <td data-label="Last error" className="small text-break" style={{ minWidth: 150 }}>
                      {m.lastError ?? '—'}
                    </td>
                    <td data-label="Next try" className="text-nowrap">
                      {m.nextAttemptAt ? <time dateTime={m.nextAttemptAt}>{formatDate(m.nextAttemptAt)}</time> : '—'}
                    </td>
                    <td data-label="Action" className="text-nowrap">
                      {m.status === 'sending' ? null : (
                        <>
                          <Button
                            size="sm"
                            variant="outline-primary"
                            className="me-2"
                            disabled={acting.busy}
                            onClick={() =>
                              void act(
                                () => call(retryOutgoingMail, { params: { id: m._id } }),
                                UI_MESSAGES.mailRetried(m.to),
                              )
                            }
                          >
                            Retry
                          </Button>
                          <Button
                            size="sm"
                            variant="outline-danger"
                            disabled={acting.busy}
                            onClick={() => setDiscarding(m)}
                          >
                            Discard
                          </Button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
      <ConfirmDialog
        show={discarding !== null}
        message={`Discard the e-mail to ${discarding?.to ?? ''}? It will not be sent.`}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const mail = discarding;
          setDiscarding(null);
          if (mail) {
            void act(() => call(discardOutgoingMail, { params: { id: mail._id } }), UI_MESSAGES.mailDiscarded(mail.to));
          }
        }}
      />
    </section>
  );
}
