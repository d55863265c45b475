import { useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import { toast } from '#app/lib/toast.tsx';
import { MESSAGES } from '#shared/messages.ts';
import { loginSchema } from '#shared/schemas/auth.ts';
import { CredentialFields } from '#app/features/auth/CredentialFields.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { AdminLoading } from '#app/features/admin/AdminLoading.tsx';
import { ResetPasswordDialog } from '#app/features/auth/ResetPasswordDialog.tsx';
import { SecondStepForm } from '#app/features/auth/SecondStepForm.tsx';
import type { SecondStep } from '#shared/schemas/two-factor.ts';
import { PasskeySignIn } from '#app/features/auth/PasskeySignIn.tsx';
import { login } from '#shared/api/auth.ts';
import { call } from '#app/lib/api-client.ts';
import { failureMessage, useSubmit } from '#app/lib/use-submit.ts';
import { isLoggedIn, saveSession } from '#app/lib/session.ts';
import { useForm } from '#app/lib/use-form.ts';
import '#app/styles/admin.scss';

export const meta = () => [{ title: 'Admin login' }, { name: 'robots', content: 'noindex' }];

/** docs/product.md#access-and-session: with the stored logged-in flag, /admin goes straight to the banner editor. */
export function clientLoader() {
  if (isLoggedIn()) throw redirect('/admin/banner');
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function Login() {
  const navigate = useNavigate();
  const form = useForm(loginSchema, { email: '', password: '' });
  const submitting = useSubmit();
  const [resetOpen, setResetOpen] = useState(false);
  // An account with a second factor: the password was right and the card now asks for a code.
  const [step, setStep] = useState<SecondStep | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    await submitting.run(
      async () => {
        const answer = await call(login, { body: input });
        if ('secondStep' in answer) {
          setStep(answer.secondStep);
          return;
        }
        saveSession(answer);
        navigate('/admin/banner');
      },
      { onFailure: (err) => toast.error(failureMessage(err, MESSAGES.loginFailedFallback)) },
    );
  };

  return (
    <main className="admin-login">
      <div className="admin-login-card">
        <img src="/logo.svg" alt="" width="48" height="48" className="mb-3" />
        <h1 className="h3 mb-4">Admin Login</h1>
        {step ? (
          <SecondStepForm
            step={step}
            idPrefix="login"
            onSignedIn={(session) => {
              saveSession(session);
              navigate('/admin/banner');
            }}
            onRestart={(reason) => {
              setStep(null);
              form.change('password', '');
              if (reason) toast.error(reason);
            }}
          />
        ) : (
          <>
            <form noValidate onSubmit={submit} aria-label="Login">
              <CredentialFields form={form} idPrefix="login" />
              <SpinnerButton type="submit" loading={submitting.busy} className="w-100">
                LOGIN
              </SpinnerButton>
            </form>
            <button type="button" className="btn btn-link mt-3 p-0" onClick={() => setResetOpen(true)}>
              Forgot Password
            </button>
            <PasskeySignIn
              onSignedIn={(session) => {
                saveSession(session);
                navigate('/admin/banner');
              }}
            />
          </>
        )}
      </div>
      <ResetPasswordDialog show={resetOpen} onClose={() => setResetOpen(false)} />
    </main>
  );
}
