import { Badge, Button, Table } from 'react-bootstrap';
import type { OutgoingMail } from '#shared/api/mail.ts';

/** Dark text on the light badges: white on Bootstrap's yellow or cyan fails contrast (axe color-contrast). */
const STATUS_BADGES: Record<OutgoingMail['status'], { label: string; bg: string; text?: 'dark' }> = {
  failed: { label: 'Failed', bg: 'danger' },
  pending: { label: 'Waiting', bg: 'warning', text: 'dark' },
  sending: { label: 'Sending', bg: 'info', text: 'dark' },
};

/** When the next try is, to the minute, in the reader's time zone: a retry can be minutes or hours away. */
export const nextTryText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * Outgoing mails as the Outgoing mail screen lists them (app/routes/admin/mail.tsx): recipient, subject,
 * status, attempts, last error, the next try's date and time, and Retry and Discard unless a worker is
 * sending it right now. `rowTestId` tells the first view's two lists apart.
 */
export function OutgoingMailTable({
  mails,
  rowTestId,
  busy,
  onRetry,
  onDiscard,
}: {
  mails: OutgoingMail[];
  rowTestId: string;
  busy: boolean;
  onRetry: (mail: OutgoingMail) => void;
  onDiscard: (mail: OutgoingMail) => void;
}) {
  return (
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
            <tr key={m._id} data-testid={rowTestId}>
              <td data-label="Recipient" className="text-break">
                {m.to}
              </td>
              <td data-label="Subject" style={{ minWidth: 200 }}>
                {m.subject}
                {m.requestedBy ? <div className="small text-body-secondary">Sent for {m.requestedBy}</div> : null}
              </td>
              <td data-label="Status">
                <Badge bg={STATUS_BADGES[m.status].bg} text={STATUS_BADGES[m.status].text}>
                  {STATUS_BADGES[m.status].label}
                </Badge>
              </td>
              <td data-label="Attempts">{m.attempts}</td>
              <td data-label="Last error" className="small text-break" style={{ minWidth: 150 }}>
                {m.lastError ?? '—'}
              </td>
              <td data-label="Next try" className="text-nowrap" data-testid="mail-next-try">
                {m.nextAttemptAt ? <time dateTime={m.nextAttemptAt}>{nextTryText(m.nextAttemptAt)}</time> : '—'}
              </td>
              <td data-label="Action" className="text-nowrap">
                {m.status === 'sending' ? null : (
                  <>
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      disabled={busy}
                      onClick={() => onRetry(m)}
                    >
                      Retry
                    </Button>
                    <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => onDiscard(m)}>
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
  );
}
