import { useState } from 'react';
import { listPasskeys, passkeyStatus } from '#shared/api/passkeys.ts';
import { PASSKEY_MESSAGES } from '#shared/messages.ts';
import { call } from '#app/lib/api-client.ts';
import { browserHasPasskeys, confirmWithPasskey, passkeyFailure } from './passkeys';

/**
 * "Passkey" in the "Confirm it's you" dialog (app/features/auth/ReauthDialog.tsx): the dialog's Confirm
 * submits this form, the browser asks for one of the person's passkeys, and the server marks the session
 * as re-authenticated. Offered when the site and browser allow passkeys and the person has one.
 */
function PasskeyProof({
  formId,
  onConfirmed,
  onBusy,
}: {
  formId: string;
  onConfirmed: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    onBusy(true);
    try {
      await confirmWithPasskey();
      onConfirmed();
    } catch (err) {
      setError(passkeyFailure(err, PASSKEY_MESSAGES.notVerified));
    } finally {
      onBusy(false);
    }
  };
  return (
    <form id={formId} noValidate onSubmit={submit}>
      <p className="mb-2">{PASSKEY_MESSAGES.reauthIntro}</p>
      {error ? (
        <p className="text-danger small mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export const passkeyReauthMethod = {
  id: 'passkey',
  label: 'Passkey',
  available: async () => {
    if (!browserHasPasskeys()) return false;
    try {
      if (!(await call(passkeyStatus)).available) return false;
      return (await call(listPasskeys)).passkeys.length > 0;
    } catch {
      return false;
    }
  },
  Form: PasskeyProof,
};
