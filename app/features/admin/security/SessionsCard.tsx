import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { endOtherSessions, endSession, listSessions } from '#shared/api/sessions.ts';
import { SESSION_MESSAGES } from '#shared/messages.ts';
import type { SessionInfo } from '#shared/schemas/sessions.ts';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { SessionList } from './session-list';

/** "Where you're signed in" on /admin/security (docs/product.md#sessions): one's own live sessions. */
export function SessionsCard() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const acting = useSubmit();

  // Read again after each action (the list is the server's, never patched here).
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    call(listSessions).then(
      (list) => {
        if (!live) return;
        setSessions(list);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [version]);

  const act = async (work: () => Promise<{ message: string }>) => {
    await acting.run(work, { success: (answer) => answer.message });
    setVersion((v) => v + 1);
  };

  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <section className="admin-card mb-4" aria-labelledby="sessions-title">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-2">
        <h2 id="sessions-title" className="h5 mb-0">
          Where you&apos;re signed in
        </h2>
        {others.length ? (
          <Button
            variant="outline-danger"
            size="sm"
            disabled={acting.busy}
            onClick={() => void act(() => call(endOtherSessions))}
          >
            Sign out everywhere else
          </Button>
        ) : null}
      </div>
      <p className="text-body-secondary small">{SESSION_MESSAGES.sessionsIntro}</p>
      {failed ? <p role="alert">{SESSION_MESSAGES.sessionsFailed}</p> : null}
      {sessions ? (
        <>
          <SessionList
            sessions={sessions}
            busy={acting.busy}
            label="Your sessions"
            onEnd={(session) => void act(() => call(endSession, { params: { id: session._id } }))}
          />
          {others.length === 0 ? <p className="text-body-secondary mb-0">{SESSION_MESSAGES.noOtherSessions}</p> : null}
        </>
      ) : null}
    </section>
  );
}
