import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useRevalidator, useSearchParams } from 'react-router';
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
import { OutgoingMailTable } from '#app/features/admin/OutgoingMailTable.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/mail';

/** The first view shows what waits above what failed; the other, everything that waits. */
const VIEW_LABELS: Record<OutgoingMailView, string> = { failed: 'Waiting and failed', pending: 'Waiting to be sent' };
/** How many waiting mails the first view shows above the failed ones (the waiting view shows them all). */
const WAITING_SHOWN = 20;

/**
 * The first view (`failed`, the default): mail waiting to be sent, with when it is tried next, above the
 * failed mail; a mail server that is down shows here at once rather than three days later when its mails
 * fail (docs/decisions/0030-newsletter-look.md). The `pending` view: all waiting mail.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  const view = OUTGOING_MAIL_VIEWS.find((v) => v === new URL(request.url).searchParams.get('status')) ?? 'failed';
  const [listed, waiting] = await Promise.all([
    call(listOutgoingMail, { query: { status: view } }),
    view === 'failed' ? call(listOutgoingMail, { query: { status: 'pending' } }) : null,
  ]);
  return {
    view,
    ...listed,
    waiting: { mails: waiting?.mails.slice(0, WAITING_SHOWN) ?? [], total: waiting?.total ?? 0 },
  };
}
clientLoader.hydrate = true as const;

/** Outgoing mail: what waits and what failed, with Retry and Discard (docs/product.md#outgoing-mail). */
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
  const table = (listed: OutgoingMail[], rowTestId: string) => (
    <OutgoingMailTable
      mails={listed}
      rowTestId={rowTestId}
      busy={acting.busy}
      onRetry={(m) => void act(() => call(retryOutgoingMail, { params: { id: m._id } }), UI_MESSAGES.mailRetried(m.to))}
      onDiscard={setDiscarding}
    />
  );
  const firstOf = (shown: number, of: number) =>
    of > shown ? (
      <p className="small text-muted">
        The first {shown} of {of}.
      </p>
    ) : null;

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
      {view === 'failed' && waiting.total > 0 ? (
        <section aria-labelledby="mail-waiting-title" className="mb-4" data-testid="mail-waiting">
          <h2 id="mail-waiting-title" className="h5">
            Waiting to be sent
          </h2>
          <p className="small text-body-secondary mb-2">
            {UI_MESSAGES.mailWaiting(waiting.total)} Each is tried again at the time shown, for up to three days.
          </p>
          {table(waiting.mails, 'mail-waiting-row')}
          {waiting.total > waiting.mails.length ? (
            <button type="button" className="btn btn-link p-0" onClick={() => show('pending')}>
              All {waiting.total} waiting e-mails
            </button>
          ) : null}
        </section>
      ) : null}
      {view === 'failed' && waiting.total > 0 ? <h2 className="h5">Failed</h2> : null}
      {mails.length === 0 ? (
        <p data-testid="mail-empty">{view === 'failed' ? UI_MESSAGES.noFailedMail : UI_MESSAGES.noWaitingMail}</p>
      ) : (
        <>
          {firstOf(mails.length, total)}
          {table(mails, 'mail-row')}
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
