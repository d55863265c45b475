import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  addPasskey,
  passkeyReauth,
  passkeyReauthOptions,
  passkeyRegistrationOptions,
  passkeySignIn,
  passkeySignInOptions,
  secondStepPasskeyOptions,
} from '#shared/api/passkeys.ts';
import { completeSecondStep } from '#shared/api/two-factor.ts';
import { PASSKEY_MESSAGES } from '#shared/messages.ts';
import { ApiError, call } from '#app/lib/api-client.ts';

/**
 * The browser's side of the passkey ceremonies (docs/product.md#passkeys): each asks the server for
 * options, lets the browser talk to the authenticator (@simplewebauthn/browser), and sends the answer back.
 */

/** Whether this browser can use passkeys at all. */
export const browserHasPasskeys = (): boolean => typeof window !== 'undefined' && browserSupportsWebAuthn();

/** What to tell of a failed ceremony: the server's message, or what the browser's refusal means. */
export function passkeyFailure(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message || fallback;
  if (err instanceof WebAuthnError) {
    if (err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_MESSAGES.alreadyRegistered;
    return PASSKEY_MESSAGES.cancelled;
  }
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')) {
    return PASSKEY_MESSAGES.cancelled;
  }
  return fallback;
}

/** Adds a passkey named `name` to the signed-in person's account. */
export async function createPasskey(name: string) {
  const options = await call(passkeyRegistrationOptions);
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return call(addPasskey, { body: { name, response } });
}

/** Signs in with a discoverable passkey: the spec login's `{ token, user }`. */
export async function signInWithPasskey() {
  const options = await call(passkeySignInOptions);
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return call(passkeySignIn, { body: { response } });
}

/** The second step of a password sign-in with one of the account's passkeys: the spec login's `{ token, user }`. */
export async function secondStepWithPasskey(ticket: string) {
  const options = await call(secondStepPasskeyOptions, { body: { ticket }, endSessionOn401: false });
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return call(completeSecondStep, { body: { ticket, method: 'passkey', response }, endSessionOn401: false });
}

/** Proves who one is with one of one's passkeys ("Confirm it's you"). */
export async function confirmWithPasskey() {
  const options = await call(passkeyReauthOptions);
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return call(passkeyReauth, { body: { response } });
}
