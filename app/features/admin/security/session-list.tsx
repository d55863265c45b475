import { Badge, Button } from 'react-bootstrap';
import { formatDate, since } from '#shared/format.ts';
import { SESSION_MESSAGES } from '#shared/messages.ts';
import type { SessionInfo } from '#shared/schemas/sessions.ts';
import { SIGN_IN_METHOD_LABELS } from '#shared/sign-in.ts';

const DEVICE_LABELS: Record<string, string> = {
  desktop: 'Computer',
  mobile: 'Phone',
  tablet: 'Tablet',
  tv: 'TV',
  bot: 'Automated client',
};

/** "Firefox on macOS", "Safari on iOS", or what is known of it. */
export function browserLine(session: SessionInfo): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser || session.os || SESSION_MESSAGES.unknownBrowser;
}

/**
 * Live sessions, the most recently used first (docs/product.md#sessions): browser and system, kind of
 * device, address prefix, how it signed in, when, and when last used; "This device" for the asker's own,
 * and "Sign out" for the others (and for every one, when `endCurrent` is set).
 */
export function SessionList({
  sessions,
  busy,
  onEnd,
  label,
}: {
  sessions: SessionInfo[];
  busy: boolean;
  onEnd: (session: SessionInfo) => void;
  label: string;
}) {
  return (
    <ul className="session-list mb-3" aria-label={label}>
      {sessions.map((session) => (
        <li key={session._id} className="d-flex flex-wrap gap-2 align-items-start" data-testid="session-row">
          <div className="flex-grow-1 min-w-0">
            <div className="fw-semibold">
              {browserLine(session)}
              {session.current ? (
                <Badge bg="success" className="ms-2 align-text-bottom">
                  This device
                </Badge>
              ) : null}
            </div>
            <div className="small text-body-secondary">
              {DEVICE_LABELS[session.device] ?? SESSION_MESSAGES.unknownDevice}
              {' · '}
              {session.place || SESSION_MESSAGES.unknownPlace}
              {' · '}
              {SIGN_IN_METHOD_LABELS[session.method]}
            </div>
            <div className="small text-body-secondary">
              Signed in {formatDate(session.signedInAt)} · Last seen {since(session.lastSeenAt).toLowerCase()}
            </div>
          </div>
          {session.current ? null : (
            <Button
              size="sm"
              variant="outline-danger"
              disabled={busy}
              onClick={() => onEnd(session)}
              aria-label={`Sign out ${browserLine(session)}, last seen ${since(session.lastSeenAt).toLowerCase()}`}
            >
              Sign out
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
