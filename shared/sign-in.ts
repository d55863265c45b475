/**
 * How a session began, as the sessions list and the activity log name it (docs/product.md#sessions).
 * Stored in `sessions.method`; a session made before these were recorded says `password`.
 */
export const SIGN_IN_METHODS = [
  'password',
  'password+totp',
  'password+recovery',
  'password+passkey',
  'passkey',
  'invite',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Password',
  'password+totp': 'Password and authenticator code',
  'password+recovery': 'Password and recovery code',
  'password+passkey': 'Password and passkey',
  passkey: 'Passkey',
  invite: 'Invitation',
};
