import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Spinner } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { call } from '#app/lib/api-client.ts';
import { failureMessage, useSubmit } from '#app/lib/use-submit.ts';
import {
  confirmTotp,
  disableTotp,
  getTwoFactor,
  regenerateRecoveryCodes,
  startTotpSetup,
} from '#shared/api/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '#shared/messages.ts';
import { anyCode, totpCode, type TwoFactorStatus } from '#shared/schemas/two-factor.ts';
import type { DataOf } from '#shared/api/endpoint.ts';
import { forgetRequirement } from './requirement';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

type Setup = DataOf<typeof startTotpSetup>;
/** What the card asks a code for: turning the app off, or new recovery codes. */
type CodeAction = 'disable' | 'regenerate';

/**
 * The authenticator app and recovery codes of the signed-in person (docs/product.md#two-factor-sign-in):
 * set up from a QR code or the key, confirm with the first code, see how many recovery codes are left and
 * make new ones, turn the app off. Changes need a current code (re-authentication).
 */
export function TwoFactorCard() {
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<CodeAction | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const starting = useSubmit();
  const sending = useSubmit();

  const reload = useCallback(async () => {
    try {
      setStatus(await call(getTwoFactor));
      setLoadError(null);
    } catch (err) {
      setLoadError(failureMessage(err));
    }
  }, []);
  useEffect(() => {
    call(getTwoFactor).then(setStatus, (err: unknown) => setLoadError(failureMessage(err)));
  }, []);

  /** After a factor came or went: the layout's banner and guard read the requirement again. */
  const changed = async () => {
    forgetRequirement();
    await reload();
    void revalidator.revalidate();
  };

  const begin = () =>
    starting.run(async () => {
      setSetup(await call(startTotpSetup));
      setCode('');
      setCodeError(undefined);
    });

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = totpCode.safeParse(code);
    if (!parsed.success) return setCodeError(parsed.error.issues[0]?.message);
    setCodeError(undefined);
    await sending.run(
      async () => {
        const answer = await call(confirmTotp, { body: { code: parsed.data } });
        setSetup(null);
        setCode('');
        setCodes(answer.recoveryCodes);
        await changed();
      },
      { success: TWO_FACTOR_MESSAGES.totpOn, onFailure: (err) => setCodeError(failureMessage(err)) },
    );
  };

  const submitAction = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = anyCode.safeParse(code);
    if (!parsed.success) return setCodeError(parsed.error.issues[0]?.message);
    setCodeError(undefined);
    await sending.run(
      async () => {
        if (action === 'disable') {
          await call(disableTotp, { body: { code: parsed.data } });
        } else {
          setCodes((await call(regenerateRecoveryCodes, { body: { code: parsed.data } })).recoveryCodes);
        }
        setAction(null);
        setCode('');
        await changed();
      },
      {
        success: action === 'disable' ? TWO_FACTOR_MESSAGES.totpOff : TWO_FACTOR_MESSAGES.codesRegenerated,
        onFailure: (err) => setCodeError(failureMessage(err)),
      },
    );
  };

  const openAction = (next: CodeAction) => {
    setAction(next);
    setCode('');
    setCodeError(undefined);
  };

  return (
    <section className="admin-card security-card mb-4" aria-labelledby="two-factor-title">
      <h2 className="h5 mb-3" id="two-factor-title">
        Two-factor sign-in
      </h2>
      {status?.requirement.blocked ? (
        <Alert variant="warning" role="alert">
          {TWO_FACTOR_MESSAGES.requiredExplained}
        </Alert>
      ) : null}
      {loadError ? <Alert variant="danger">{loadError}</Alert> : null}
      {!status && !loadError ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {status ? (
        <>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h3 className="h6 mb-0">Authenticator app</h3>
            {status.totp ? <Badge bg="success">On</Badge> : <Badge bg="secondary">Off</Badge>}
          </div>
          <p className="text-body-secondary">
            After your password, sign-in asks for a 6-digit code from an app on your phone (such as Google
            Authenticator, Microsoft Authenticator, 1Password or Aegis).
          </p>
          {!status.totp && !setup ? (
            <SpinnerButton loading={starting.busy} onClick={() => void begin()}>
              Set up authenticator app
            </SpinnerButton>
          ) : null}
          {setup ? (
            <form noValidate onSubmit={confirm} aria-label="Set up authenticator app" className="totp-setup">
              <ol className="ps-3">
                <li>Scan this QR code with your authenticator app:</li>
              </ol>
              <div
                className="totp-qr mb-3"
                role="img"
                aria-label={`QR code for ${setup.issuer} (${setup.account})`}
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
              <p className="mb-1">Or type this key into the app:</p>
              <p>
                <code className="totp-key" data-testid="totp-key">
                  {setup.manualKey}
                </code>
              </p>
              <ol className="ps-3" start={2}>
                <li>Enter the 6-digit code the app shows:</li>
              </ol>
              <TextField
                id="totp-confirm-code"
                label="Code from the app"
                autoComplete="one-time-code"
                value={code}
                error={codeError}
                onChange={setCode}
              />
              <div className="d-flex flex-wrap gap-2">
                <SpinnerButton type="submit" loading={sending.busy}>
                  Turn on
                </SpinnerButton>
                <Button variant="outline-secondary" onClick={() => setSetup(null)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : null}
          {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}

          {status.hasSecondFactor || status.recoveryCodesLeft > 0 ? (
            <>
              <h3 className="h6 mt-4">Recovery codes</h3>
              <p className="text-body-secondary">
                {status.recoveryCodesLeft} of 10 left. Each signs you in once when you do not have your phone.
              </p>
            </>
          ) : null}

          {status.totp && !action ? (
            <div className="d-flex flex-wrap gap-2">
              <Button variant="outline-primary" onClick={() => openAction('regenerate')}>
                Make new recovery codes
              </Button>
              <Button variant="outline-danger" onClick={() => openAction('disable')}>
                Turn off authenticator app
              </Button>
            </div>
          ) : null}
          {action ? (
            <form
              noValidate
              onSubmit={submitAction}
              aria-label={action === 'disable' ? 'Turn off authenticator app' : 'Make new recovery codes'}
            >
              <p className="mb-2">
                {action === 'disable'
                  ? 'To turn the app off, confirm it is you: enter a current code from the app or a recovery code.'
                  : 'The codes you have now stop working. Confirm it is you: enter a current code from the app or a recovery code.'}
              </p>
              <TextField
                id="two-factor-action-code"
                label="Code from the app or a recovery code"
                autoComplete="one-time-code"
                value={code}
                error={codeError}
                onChange={setCode}
              />
              <div className="d-flex flex-wrap gap-2">
                <SpinnerButton
                  type="submit"
                  loading={sending.busy}
                  variant={action === 'disable' ? 'danger' : 'primary'}
                >
                  {action === 'disable' ? 'Turn off' : 'Make new codes'}
                </SpinnerButton>
                <Button variant="outline-secondary" onClick={() => setAction(null)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
