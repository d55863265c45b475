import { z } from '#shared/schemas/zod.ts';
import { sessionUserSchema } from '#shared/schemas/auth.ts';
import {
  codeBodySchema,
  completeSecondStepSchema,
  policySchema,
  recoveryCodesSchema,
  totpCodeBodySchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '#shared/schemas/two-factor.ts';
import { endpoint } from './endpoint';

/** Authenticator codes, recovery codes, the second step of sign-in and the Owner's requirement (docs/product.md#two-factor-sign-in). */

/** The second step: the ticket from `POST /auth/login-user` and a code; answers the session as the spec's login does. */
export const completeSecondStep = endpoint({
  method: 'POST',
  path: '/auth/second-step',
  access: 'public',
  body: completeSecondStepSchema,
  data: z.object({ token: z.string(), user: sessionUserSchema }),
});

/** The signed-in person's factors and whether the Owner's requirement applies to them. */
export const getTwoFactor = endpoint({
  method: 'GET',
  path: '/admin/two-factor',
  access: 'admin',
  allow: 'account',
  data: twoFactorStatusSchema,
});

/** Starts (or starts again) setting up an authenticator app: a new secret, not a factor until confirmed. */
export const startTotpSetup = endpoint({
  method: 'POST',
  path: '/admin/two-factor/totp/setup',
  access: 'admin',
  allow: 'account',
  data: totpSetupSchema,
});

/** The first code from the app turns it on; the answer holds 10 new recovery codes, shown once. */
export const confirmTotp = endpoint({
  method: 'POST',
  path: '/admin/two-factor/totp/confirm',
  access: 'admin',
  allow: 'account',
  body: totpCodeBodySchema,
  data: recoveryCodesSchema,
});

/** Turns the app off after a current code or a recovery code; never leaves a required account without a factor. */
export const disableTotp = endpoint({
  method: 'POST',
  path: '/admin/two-factor/totp/disable',
  access: 'admin',
  allow: 'account',
  body: codeBodySchema,
  data: z.string(),
});

/** 10 new recovery codes after a current code or a recovery code; the old ones stop working. */
export const regenerateRecoveryCodes = endpoint({
  method: 'POST',
  path: '/admin/two-factor/recovery-codes',
  access: 'admin',
  allow: 'account',
  body: codeBodySchema,
  data: recoveryCodesSchema,
});

/** Re-authentication with a current code or a recovery code (the session's `reauth_at` moves to now). */
export const reauthWithCode = endpoint({
  method: 'POST',
  path: '/admin/two-factor/reauth',
  access: 'admin',
  allow: 'account',
  body: codeBodySchema,
  data: z.string(),
});

/** The Owner's two-factor requirement. */
export const getSecurityPolicy = endpoint({
  method: 'GET',
  path: '/admin/security/policy',
  access: 'admin',
  allow: 'security.policy',
  data: z.extend(policySchema, { setAt: z.nullable(z.string()) }),
});

export const setSecurityPolicy = endpoint({
  method: 'POST',
  path: '/admin/security/policy',
  access: 'admin',
  allow: 'security.policy',
  body: policySchema,
  data: z.extend(policySchema, { setAt: z.nullable(z.string()) }),
});
