import { z } from '#shared/schemas/zod.ts';
import {
  changePasswordSchema,
  loginSchema,
  resetRequestSchema,
  sessionUserSchema,
  verifyOtpSchema,
} from '#shared/schemas/auth.ts';
import { secondStepSchema } from '#shared/schemas/two-factor.ts';
import { endpoint } from './endpoint';

/**
 * docs/product.md#login: the token and user the browser stores; for an account with a second factor, a
 * ticket for the second step instead (shared/api/two-factor.ts completeSecondStep answers the session).
 */
export const login = endpoint({
  method: 'POST',
  path: '/auth/login-user',
  access: 'public',
  body: loginSchema,
  data: z.union([z.object({ token: z.string(), user: sessionUserSchema }), secondStepSchema]),
});

/** Step 1 of a forgotten password: always the same answer, whether or not the account exists. */
export const requestReset = endpoint({
  method: 'POST',
  path: '/auth/reset-password',
  access: 'public',
  body: resetRequestSchema,
  data: z.string(),
});

/** Step 2: the code from the e-mail and the new password. */
export const verifyOtp = endpoint({
  method: 'POST',
  path: '/auth/verify-otp',
  access: 'public',
  body: verifyOtpSchema,
  data: z.string(),
});

export const me = endpoint({
  method: 'GET',
  path: '/auth/me',
  access: 'admin',
  allow: 'account',
  data: sessionUserSchema,
});

export const logout = endpoint({
  method: 'POST',
  path: '/auth/logout',
  access: 'admin',
  allow: 'account',
  data: z.string(),
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/auth/change-password',
  access: 'admin',
  allow: 'account',
  body: changePasswordSchema,
  data: z.string(),
});
