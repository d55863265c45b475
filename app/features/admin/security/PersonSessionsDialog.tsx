import { useEffect, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { endPersonSession, endPersonSessions, listPersonSessions } from '#shared/api/sessions.ts';
import { SESSION_MESSAGES } from '#shared/messages.ts';
import type { SessionInfo } from '#shared/schemas/sessions.ts';
import type { StaffMember } from '#shared/schemas/staff.ts';
import { call } from '#app/lib/api-client.ts';
import { failureMessage, useSubmit } from '#app/lib/use-submit.ts';
import { SessionList } from './session-list';

/**
 * Someone's sessions, from the staff screen (Owners and Administrators, `sessions.all`; only the Owner
 * opens the Owner's): sign out one device, or everywhere (docs/product.md#sessions).
 */
export function PersonSessionsDialog({ person, onClose }: { person: StaffMember; onClose: () => void }) {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const acting = useSubmit();
  const id = person._id;

  // Read again after each action (the list is the server's, never patched here).
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    call(listPersonSessions, { params: { id } }).then(
      (list) => {
        if (!live) return;
        setSessions(list);
        setError(null);
      },
      (err: unknown) => live && setError(failureMessage(err, SESSION_MESSAGES.sessionsFailed)),
    );
    return () => {
      live = false;
    };
  }, [id, version]);

  const act = async (work: () => Promise<{ message: string }>) => {
    await acting.run(work, { success: (answer) => answer.message });
    setVersion((v) => v + 1);
  };
  const endable = sessions?.filter((s) => !s.current) ?? [];

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="person-sessions-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" id="person-sessions-title" className="h5">
          {SESSION_MESSAGES.personSessionsTitle(person.name)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error ? <p role="alert">{error}</p> : null}
        {sessions && sessions.length === 0 ? <p className="mb-0">{SESSION_MESSAGES.noSessions}</p> : null}
        {sessions && sessions.length ? (
          <SessionList
            sessions={sessions}
            busy={acting.busy}
            label={SESSION_MESSAGES.personSessionsTitle(person.name)}
            onEnd={(session) => void act(() => call(endPersonSession, { params: { id, sid: session._id } }))}
          />
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
        <Button
          variant="danger"
          disabled={acting.busy || endable.length === 0}
          onClick={() => void act(() => call(endPersonSessions, { params: { id } }))}
        >
          Sign out everywhere
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
