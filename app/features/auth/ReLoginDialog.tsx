import { useState, useSyncExternalStore } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { MESSAGES, UI_MESSAGES } from '#shared/messages.ts';
import { login } from '#shared/api/auth.ts';
import { loginSchema } from '#shared/schemas/auth.ts';
import { CredentialFields } from '#app/features/auth/CredentialFields.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { answerLogIn, reLoginStore } from '#app/lib/relogin.ts';
import { saveSession, storedUser } from '#app/lib/session.ts';
import { SecondStepForm } from '#app/features/auth/SecondStepForm.tsx';
import type { SecondStep } from '#shared/schemas/two-factor.ts';
import { useForm } from '#app/lib/use-form.ts';
import { failureMessage, useSubmit } from '#app/lib/use-submit.ts';

/**
 * Opens over the screen when the session ended during an action: logging in again retries the action,
 * and nothing the administrator typed is lost (app/lib/relogin.ts).
 */
export function ReLoginDialog() {
  const open = useSyncExternalStore(reLoginStore.subscribe, reLoginStore.isOpen, () => false);
  return open ? <ReLoginForm /> : null;
}

function ReLoginForm() {
  const form = useForm(loginSchema, { email: storedUser()?.email ?? '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const submitting = useSubmit();
  // An account with a second factor: after the password the dialog asks for a code.
  const [step, setStep] = useState<SecondStep | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    setError(null);
    let signedIn = false;
    const ok = await submitting.run(
      async () => {
        // The login call itself must not ask again: it carries no token worth keeping.
        const answer = await call(login, { body: input, endSessionOn401: false });
        if ('secondStep' in answer) setStep(answer.secondStep);
        else {
          saveSession(answer);
          signedIn = true;
        }
      },
      { onFailure: (err) => setError(failureMessage(err, MESSAGES.loginFailedFallback)) },
    );
    if (ok && signedIn) answerLogIn(true);
  };

  if (step) {
    return (
      <Modal show backdrop="static" keyboard={false} centered aria-labelledby="relogin-title">
        <Modal.Header>
          <Modal.Title as="h2" id="relogin-title" className="h5">
            Please log in again
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <SecondStepForm
            step={step}
            idPrefix="relogin"
            onSignedIn={(session) => {
              saveSession(session);
              answerLogIn(true);
            }}
            onRestart={(reason) => {
              setStep(null);
              form.change('password', '');
              setError(reason ?? null);
            }}
            footer={
              <Button variant="outline-secondary" onClick={() => answerLogIn(false)}>
                Log out
              </Button>
            }
          />
        </Modal.Body>
      </Modal>
    );
  }

  return (
    <Modal show backdrop="static" keyboard={false} centered aria-labelledby="relogin-title">
      <form noValidate onSubmit={submit}>
        <Modal.Header>
          <Modal.Title as="h2" id="relogin-title" className="h5">
            Please log in again
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{UI_MESSAGES.sessionEnded}</p>
          <CredentialFields form={form} idPrefix="relogin" />
          {error ? (
            <p className="text-danger mb-0" role="alert">
              {error}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => answerLogIn(false)}>
            Log out
          </Button>
          <SpinnerButton type="submit" loading={submitting.busy}>
            Log in and continue
          </SpinnerButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
