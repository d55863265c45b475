import { TextField } from '#app/components/ui/TextField.tsx';

type Field = 'email' | 'password';
/** The part of a `useForm` (app/lib/use-form.ts) these fields read and change. */
interface CredentialForm {
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
  change(name: Field, value: string): void;
}

/**
 * The e-mail and password fields of a login form, shared by the login page and the dialog that asks again
 * when a session ends (app/features/auth/ReLoginDialog.tsx), so both validate and autofill alike.
 */
export function CredentialFields({ form, idPrefix }: { form: CredentialForm; idPrefix: string }) {
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="username"
        value={form.values.email}
        error={form.errors.email}
        onChange={(v) => form.change('email', v)}
      />
      <TextField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(v) => form.change('password', v)}
      />
    </>
  );
}
