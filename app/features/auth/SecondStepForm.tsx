import { useState } from 'react';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { ApiError, call } from '#app/lib/api-client.ts';
import { passkeyFailure, secondStepWithPasskey } from './passkeys';
import { failureMessage, useSubmit } from '#app/lib/use-submit.ts';
import { completeSecondStep } from '#shared/api/two-factor.ts';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '#shared/messages.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { recoveryCode, totpCode, type SecondStep } from '#shared/schemas/two-factor.ts';

/**
 * The second step of sign-in (docs/product.md#two-factor-sign-in), in the login card and in the dialog
 * that asks again when a session ends: the 6-digit code, or a recovery code instead. A ticket that expired
 * or had too many wrong codes sends the person back to the password with the reason.
 */
export function SecondStepForm({
  step,
  idPrefix,
  onSignedIn,
  onRestart,
  footer,
}: {
  step: SecondStep;
  idPrefix: string;
  onSignedIn: (session: { token: string; user: SessionUser }) => void;
  /** Back to the e-mail and password, with a reason to show when there is one. */
  onRestart: (reason?: string) => void;
  /** Buttons of the surrounding dialog, shown beside the submit button. */
  footer?: React.ReactNode;
}) {
  const [method, setMethod] = useState<'totp' | 'recovery'>(step.methods.includes('totp') ? 'totp' : 'recovery');
  // A passkey-only account starts with its passkey; the others may switch to it.
  const [withPasskey, setWithPasskey] = useState(step.methods.includes('passkey') && !step.methods.includes('totp'));
  const passkeying = useSubmit();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submitting = useSubmit();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = (method === 'totp' ? totpCode : recoveryCode).safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    await submitting.run(
      async () => {
        onSignedIn(
          await call(completeSecondStep, {
            body: { ticket: step.ticket, method, code: parsed.data },
            endSessionOn401: false,
          }),
        );
      },
      {
        onFailure: (err) => {
          if (err instanceof ApiError && err.message === TWO_FACTOR_MESSAGES.ticketExpired) onRestart(err.message);
          else setError(failureMessage(err, MESSAGES.loginFailedFallback));
        },
      },
    );
  };

  const switchTo = (next: Way) => {
    setError(undefined);
    if (next === 'passkey') return setWithPasskey(true);
    setMethod(next);
    setWithPasskey(false);
    setCode('');
  };

  const confirmWithPasskeyStep = () =>
    passkeying.run(async () => onSignedIn(await secondStepWithPasskey(step.ticket)), {
      onFailure: (err) => {
        if (err instanceof ApiError && err.message === TWO_FACTOR_MESSAGES.ticketExpired) onRestart(err.message);
        else setError(passkeyFailure(err, MESSAGES.loginFailedFallback));
      },
    });

  if (withPasskey) {
    return (
      <div className="second-step" role="group" aria-label="Second step">
        <p className="text-body-secondary">Confirm with one of the passkeys saved for this account.</p>
        {error ? (
          <p className="text-danger small" role="alert">
            {error}
          </p>
        ) : null}
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          {footer}
          <SpinnerButton
            type="button"
            loading={passkeying.busy}
            className={footer ? undefined : 'w-100'}
            onClick={() => void confirmWithPasskeyStep()}
          >
            Use a passkey
          </SpinnerButton>
        </div>
        <OtherWays current="passkey" methods={step.methods} onSwitch={switchTo} onRestart={onRestart} />
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Second step" className="second-step">
      {method === 'totp' ? (
        <>
          <p className="text-body-secondary">Open your authenticator app and enter the 6-digit code for this site.</p>
          <TextField
            id={`${idPrefix}-code`}
            label="Authentication code"
            autoComplete="one-time-code"
            value={code}
            error={error}
            onChange={setCode}
          />
        </>
      ) : (
        <>
          <p className="text-body-secondary">Enter one of the recovery codes you saved. Each works once.</p>
          <TextField
            id={`${idPrefix}-recovery`}
            label="Recovery code"
            autoComplete="off"
            value={code}
            error={error}
            onChange={setCode}
          />
        </>
      )}
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        {footer}
        <SpinnerButton type="submit" loading={submitting.busy} className={footer ? undefined : 'w-100'}>
          Verify
        </SpinnerButton>
      </div>
      <OtherWays current={method} methods={step.methods} onSwitch={switchTo} onRestart={onRestart} />
    </form>
  );
}

type Way = SecondStep['methods'][number];

const OTHER_WAY_LABELS: Record<Way, string> = {
  totp: 'Use your authenticator app instead',
  recovery: 'Use a recovery code instead',
  passkey: 'Use a passkey instead',
};

/** The links to the account's other ways of the second step, and back to the password. */
function OtherWays({
  current,
  methods,
  onSwitch,
  onRestart,
}: {
  current: Way;
  methods: SecondStep['methods'];
  onSwitch: (way: Way) => void;
  onRestart: () => void;
}) {
  return (
    <div className="d-flex flex-column align-items-start mt-3 gap-2">
      {(['totp', 'recovery', 'passkey'] as const)
        .filter((way) => way !== current && methods.includes(way))
        .map((way) => (
          <button key={way} type="button" className="btn btn-link p-0" onClick={() => onSwitch(way)}>
            {OTHER_WAY_LABELS[way]}
          </button>
        ))}
      <button type="button" className="btn btn-link p-0" onClick={() => onRestart()}>
        Start over
      </button>
    </div>
  );
}
