import { useEffect, useState } from 'react';
import { passkeyStatus } from '#shared/api/passkeys.ts';
import { PASSKEY_MESSAGES } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import { browserHasPasskeys, passkeyFailure, signInWithPasskey } from './passkeys';

type SignedIn = Awaited<ReturnType<typeof signInWithPasskey>>;

/**
 * "Sign in with a passkey" below the login form (docs/product.md#passkeys): no e-mail typed, the passkey
 * says whose it is; the answer is the spec login's `{ token, user }`, handed to `onSignedIn`. Disabled,
 * with the reason, when the site's address or the browser does not allow passkeys.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: SignedIn) => void }) {
  const [unavailable, setUnavailable] = useState<string | null | undefined>(undefined);
  const signing = useSubmit();

  useEffect(() => {
    let live = true;
    const settle = (reason: string | null) => {
      if (live) setUnavailable(browserHasPasskeys() ? reason : PASSKEY_MESSAGES.browserUnsupported);
    };
    call(passkeyStatus)
      .then((status) => settle(status.available ? null : (status.reason ?? '')))
      .catch(() => settle(null));
    return () => {
      live = false;
    };
  }, []);

  const signIn = () =>
    signing.run(async () => onSignedIn(await signInWithPasskey()), {
      onFailure: (err) => toast.error(passkeyFailure(err, PASSKEY_MESSAGES.signInFailedFallback)),
    });

  return (
    <div className="passkey-sign-in mt-3 pt-3 border-top">
      <SpinnerButton
        type="button"
        variant="outline-primary"
        className="w-100"
        loading={signing.busy}
        disabled={unavailable !== null}
        aria-describedby={unavailable ? 'passkey-unavailable' : undefined}
        onClick={() => void signIn()}
      >
        {PASSKEY_MESSAGES.signInButton}
      </SpinnerButton>
      {unavailable ? (
        <p id="passkey-unavailable" className="small text-body-secondary mt-2 mb-0">
          {unavailable}
        </p>
      ) : null}
    </div>
  );
}
