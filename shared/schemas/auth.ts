import { z } from './zod';
import { MESSAGES, MIN_PASSWORD_LENGTH, VALIDATION_MESSAGES } from '#shared/messages.ts';
import { looseEmail, requiredText } from './fields';

/**
 * Passwords are never trimmed (a space may be part of one), but whitespace-only still counts as empty
 * (docs/product.md#password-rules). The length cap only keeps hashing cheap for absurd input.
 */
const password = (emptyMessage: string) =>
  z.string({ error: emptyMessage }).check(
    z.maxLength(200, VALIDATION_MESSAGES.tooLong(200)),
    z.refine((v) => v.trim().length > 0, emptyMessage),
  );

/** A password being set (change, reset, accepting an invitation): docs/product.md#password-rules. */
export const newPassword = (tooShort: string) =>
  password(MESSAGES.fieldEmpty).check(
    z.refine((v) => v.trim().length === 0 || v.length >= MIN_PASSWORD_LENGTH, tooShort),
  );

const confirmRules = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object(shape).check(
    z.superRefine((value: Record<string, unknown>, ctx) => {
      const confirm = String(value.confirmPassword ?? '');
      if (confirm.length >= MIN_PASSWORD_LENGTH && confirm !== value.newPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: MESSAGES.confirmPasswordMismatch,
          input: value.confirmPassword,
        });
      }
    }),
  );

const confirmPassword = newPassword(MESSAGES.confirmPasswordTooShort);

export const loginSchema = z.object({
  email: requiredText(MESSAGES.fieldEmpty, 254),
  password: password(MESSAGES.fieldEmpty),
});

/** The Change Password form (Old Password, New Password, Confirn New Password). */
export const changePasswordFormSchema = confirmRules({
  oldPassword: password(MESSAGES.fieldEmpty),
  newPassword: newPassword(MESSAGES.newPasswordTooShort),
  confirmPassword,
});

/** `POST /api/auth/change-password`: the stored user's id, the old and the new password (docs/product.md#roles-and-permissions, docs/product.md#api). */
export const changePasswordSchema = z.object({
  id: requiredText(MESSAGES.fieldEmpty, 64),
  password: password(MESSAGES.fieldEmpty),
  newPassword: newPassword(MESSAGES.newPasswordTooShort),
});

/** Forgot password, step 1. */
export const resetRequestSchema = z.object({ email: looseEmail(MESSAGES.invalidResetEmail) });

/** Forgot password, step 2 (the e-mail is the read-only one from step 1). */
export const resetFormSchema = confirmRules({
  otp: requiredText(MESSAGES.fieldEmpty, 20),
  newPassword: newPassword(MESSAGES.newPasswordTooShort),
  confirmPassword,
});

/** `POST /api/auth/verify-otp`. */
export const verifyOtpSchema = z.object({
  email: looseEmail(MESSAGES.invalidResetEmail),
  otp: requiredText(MESSAGES.fieldEmpty, 20),
  password: newPassword(MESSAGES.newPasswordTooShort),
});

export const sessionUserSchema = z.object({ _id: z.string(), email: z.string(), name: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;
