import { useState } from 'react';
import { Link } from 'react-router';
import { PROFILE_MESSAGES } from '#shared/messages.ts';
import { confirmEmailChange } from '#shared/api/profile.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { failureMessage, useSubmit } from '#app/lib/use-submit.ts';
import '#app/styles/admin.scss';
import type { Route } from './+types/confirm-email';

export const meta = () => [{ title: PROFILE_MESSAGES.confirmEmailHeading }, { name: 'robots', content: 'noindex' }];

/**
 * The link of an e-mail change (docs/product.md#profiles-and-author-pages). It asks for a click rather
 * than confirming on opening, so a mail scanner that opens links does not use it up.
 */
export default function ConfirmEmail({ params }: Route.ComponentProps) {
  const submitting = useSubmit();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const confirm = () =>
    submitting.run(
      async () => {
        const { message } = await call(confirmEmailChange, { params: { token: params.token } });
        setOutcome({ ok: true, message });
      },
      { onFailure: (err) => setOutcome({ ok: false, message: failureMessage(err) }) },
    );
  return (
    <main className="admin-login">
      <div className="admin-login-card">
        <img src="/logo.svg" alt="" width="48" height="48" className="mb-3" />
        <h1 className="h4 mb-4">{PROFILE_MESSAGES.confirmEmailHeading}</h1>
        {outcome ? (
          <>
            <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-success' : 'text-danger'}>
              {outcome.message}
            </p>
            <Link to="/admin">Admin login</Link>
          </>
        ) : (
          <SpinnerButton type="button" loading={submitting.busy} className="w-100" onClick={() => void confirm()}>
            {PROFILE_MESSAGES.confirmEmailButton}
          </SpinnerButton>
        )}
      </div>
    </main>
  );
}
