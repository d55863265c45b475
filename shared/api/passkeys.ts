import { z } from '#shared/schemas/zod.ts';
import { sessionUserSchema } from '#shared/schemas/auth.ts';
import {
  addPasskeySchema,
  ceremonyOptionsSchema,
  passkeyAssertionSchema,
  passkeyListSchema,
  passkeySchema,
  passkeyStatusSchema,
  renamePasskeySchema,
} from '#shared/schemas/passkeys.ts';
import { ticketBodySchema } from '#shared/schemas/two-factor.ts';
import { endpoint, idParams, messageData } from './endpoint';

/** Passkeys (docs/product.md#passkeys): signing in with one, and each person's own. */

/** Whether this site can use passkeys (its PUBLIC_URL), and why not: the login card and the passkeys card ask. */
export const passkeyStatus = endpoint({
  method: 'GET',
  path: '/auth/passkeys/status',
  access: 'public',
  data: passkeyStatusSchema,
});

/** Begins a sign-in with a passkey: options for `navigator.credentials.get` (discoverable, no e-mail). */
export const passkeySignInOptions = endpoint({
  method: 'POST',
  path: '/auth/passkeys/sign-in-options',
  access: 'public',
  data: ceremonyOptionsSchema,
});

/**
 * Begins the second step of a password sign-in with a passkey: options limited to the ticket's account's
 * passkeys; the assertion goes to `POST /auth/second-step` with `method: 'passkey'` (shared/api/two-factor.ts).
 */
export const secondStepPasskeyOptions = endpoint({
  method: 'POST',
  path: '/auth/second-step/passkey-options',
  access: 'public',
  body: ticketBodySchema,
  data: ceremonyOptionsSchema,
});

/** Finishes it: the same `{ token, user }` as the password login. */
export const passkeySignIn = endpoint({
  method: 'POST',
  path: '/auth/passkeys/sign-in',
  access: 'public',
  body: passkeyAssertionSchema,
  data: z.object({ token: z.string(), user: sessionUserSchema }),
});

export const listPasskeys = endpoint({
  method: 'GET',
  path: '/admin/passkeys',
  access: 'admin',
  allow: 'account',
  data: passkeyListSchema,
});

/** Begins adding a passkey: options for `navigator.credentials.create`. */
export const passkeyRegistrationOptions = endpoint({
  method: 'POST',
  path: '/admin/passkeys/options',
  access: 'admin',
  allow: 'account',
  data: ceremonyOptionsSchema,
});

/** Finishes it with the authenticator's answer and a name. */
export const addPasskey = endpoint({
  method: 'POST',
  path: '/admin/passkeys',
  access: 'admin',
  allow: 'account',
  body: addPasskeySchema,
  data: passkeySchema,
});

export const renamePasskey = endpoint({
  method: 'POST',
  path: '/admin/passkeys/:id',
  access: 'admin',
  allow: 'account',
  params: idParams,
  body: renamePasskeySchema,
  data: passkeySchema,
});

export const removePasskey = endpoint({
  method: 'DELETE',
  path: '/admin/passkeys/:id',
  access: 'admin',
  allow: 'account',
  params: idParams,
  data: messageData,
});

/** Begins re-authentication with one of one's passkeys (before a sensitive change). */
export const passkeyReauthOptions = endpoint({
  method: 'POST',
  path: '/admin/passkeys/reauth-options',
  access: 'admin',
  allow: 'account',
  data: ceremonyOptionsSchema,
});

/** Finishes it: the session counts as re-authenticated from now. */
export const passkeyReauth = endpoint({
  method: 'POST',
  path: '/admin/passkeys/reauth',
  access: 'admin',
  allow: 'account',
  body: passkeyAssertionSchema,
  data: messageData,
});
