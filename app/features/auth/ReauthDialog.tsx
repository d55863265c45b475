import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, ButtonGroup, Modal } from 'react-bootstrap';
import { SESSION_MESSAGES } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { answerConfirmIdentity, reauthStore } from '#app/lib/reauth.ts';
import { REAUTH_METHODS, type ReauthMethod } from './reauth-methods';

/**
 * "Confirm it's you": opens over the screen when a sensitive action needs a recent proof of who one is
 * (docs/product.md#re-authentication). Confirming retries the action; Cancel leaves the screen as it was
 * and the action fails with SESSION_MESSAGES.reauthCancelled. Nothing typed on the screen is lost.
 */
export function ReauthDialog() {
  const open = useSyncExternalStore(reauthStore.subscribe, reauthStore.isOpen, () => false);
  return open ? <ReauthForm /> : null;
}

function ReauthForm() {
  const [methods, setMethods] = useState<ReauthMethod[]>(REAUTH_METHODS.filter((m) => !m.available));
  const [chosen, setChosen] = useState(REAUTH_METHODS[0]!.id);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void Promise.all(REAUTH_METHODS.map(async (m) => ((await m.available?.()) ?? true) && m)).then((list) => {
      if (live) setMethods(list.filter((m): m is ReauthMethod => m !== false));
    });
    return () => {
      live = false;
    };
  }, []);

  const method = methods.find((m) => m.id === chosen) ?? methods[0];
  const formId = `reauth-${method?.id ?? 'none'}`;
  return (
    <Modal
      show
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby="reauth-title"
      onHide={() => undefined}
      // Above a dialog that asked (the Staff screen's Edit): that one stays, dimmed, behind it.
      className="reauth-modal"
      backdropClassName="reauth-backdrop"
    >
      <Modal.Header>
        <Modal.Title as="h2" id="reauth-title" className="h5">
          Confirm it&apos;s you
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{SESSION_MESSAGES.reauthIntro}</p>
        {methods.length > 1 ? (
          <ButtonGroup className="mb-3 flex-wrap" aria-label="How to confirm">
            {methods.map((m) => (
              <Button
                key={m.id}
                variant={m.id === method?.id ? 'primary' : 'outline-primary'}
                aria-pressed={m.id === method?.id}
                onClick={() => setChosen(m.id)}
              >
                {m.label}
              </Button>
            ))}
          </ButtonGroup>
        ) : null}
        {method ? (
          <method.Form
            key={method.id}
            formId={formId}
            onBusy={setBusy}
            onConfirmed={() => answerConfirmIdentity(true)}
          />
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => answerConfirmIdentity(false)} disabled={busy}>
          Cancel
        </Button>
        <SpinnerButton type="submit" form={formId} loading={busy}>
          Confirm
        </SpinnerButton>
      </Modal.Footer>
    </Modal>
  );
}
