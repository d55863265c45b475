import { useState, type ComponentType } from 'react';
import { reauthenticate } from '#shared/api/sessions.ts';
import { reauthSchema } from '#shared/schemas/sessions.ts';
import { getTwoFactor, reauthWithCode } from '#shared/api/two-factor.ts';
import { anyCode } from '#shared/schemas/two-factor.ts';
import { TextField } from '#app/components/ui/TextField.tsx';
import { call } from '#app/lib/api-client.ts';
import { useForm } from '#app/lib/use-form.ts';
import { failureMessage } from '#app/lib/use-submit.ts';
import { passkeyReauthMethod } from './passkey-reauth';

/** What the "Confirm it's you" dialog gives each way of proving who one is. */
export interface ReauthMethodProps {
  /** The id of the method's `<form>`: the dialog's Confirm button submits it. */
  formId: string;
  /** The server accepted the proof: the dialog closes and the action is retried. */
  onConfirmed: () => void;
  /** While the proof is being checked (the Confirm button's spinner). */
  onBusy: (busy: boolean) => void;
}

/**
 * A way to confirm who one is in the "Confirm it's you" dialog (app/features/auth/ReauthDialog.tsx). The
 * password is the first; an authenticator code and a passkey are added to REAUTH_METHODS by their parts
 * (each with `available` saying whether the signed-in person has that factor). The dialog shows the
 * available ones, the first selected, with a switch between them when there are several.
 */
export interface ReauthMethod {
  id: string;
  /** The switch's label ("Password", "Authenticator code", "Passkey"). */
  label: string;
  /** Whether the signed-in person can use it now; every method is offered when absent. */
  available?: () => boolean | Promise<boolean>;
  Form: ComponentType<ReauthMethodProps>;
}

/**
 * A proof's submission: the check on the server with the dialog's Confirm spinner on, the dialog closed
 * when accepted, and the server's message under the field when not (the dialog stays).
 */
function useProof({ onConfirmed, onBusy }: Pick<ReauthMethodProps, 'onConfirmed' | 'onBusy'>) {
  const [error, setError] = useState<string | undefined>();
  const prove = async (check: () => Promise<unknown>) => {
    setError(undefined);
    onBusy(true);
    try {
      await check();
      onConfirmed();
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      onBusy(false);
    }
  };
  return { error, setError, prove };
}

/** The password again (POST /auth/reauthenticate): a wrong one is told under the field, the dialog stays. */
function PasswordProof({ formId, ...props }: ReauthMethodProps) {
  const form = useForm(reauthSchema, { password: '' });
  const proof = useProof(props);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input) await proof.prove(() => call(reauthenticate, { body: input }));
  };
  return (
    <form id={formId} noValidate onSubmit={submit}>
      <TextField
        id={`${formId}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        error={proof.error ?? form.errors.password}
        onChange={(v) => form.change('password', v)}
      />
    </form>
  );
}

/** A current authenticator code or a recovery code (POST /admin/two-factor/reauth). */
function CodeProof({ formId, ...props }: ReauthMethodProps) {
  const [code, setCode] = useState('');
  const proof = useProof(props);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = anyCode.safeParse(code);
    if (!parsed.success) return proof.setError(parsed.error.issues[0]?.message);
    await proof.prove(() => call(reauthWithCode, { body: { code: parsed.data } }));
  };
  return (
    <form id={formId} noValidate onSubmit={submit}>
      <TextField
        id={`${formId}-code`}
        label="Code from your authenticator app or a recovery code"
        autoComplete="one-time-code"
        value={code}
        error={proof.error}
        onChange={setCode}
      />
    </form>
  );
}

export const REAUTH_METHODS: ReauthMethod[] = [
  { id: 'password', label: 'Password', Form: PasswordProof },
  {
    id: 'code',
    label: 'Authenticator code',
    available: async () => {
      const status = await call(getTwoFactor).catch(() => null);
      return Boolean(status && (status.totp || status.recoveryCodesLeft > 0));
    },
    Form: CodeProof,
  },
  passkeyReauthMethod,
];
