import { z } from './zod';
import { authenticationResponseSchema } from './passkeys';
import { TWO_FACTOR_MESSAGES } from '#shared/messages.ts';

/** Authenticator codes, recovery codes and the second step of sign-in (docs/product.md#two-factor-sign-in). */

/** The 6 digits of an authenticator app; spaces people type in the middle ("123 456") are dropped. */
export const totpCode = z.string({ error: TWO_FACTOR_MESSAGES.codeFormat }).check(
  z.overwrite((v) => v.replace(/\s+/g, '')),
  z.regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat),
);

/** A recovery code as shown (`abcde-fghij`): case, spaces and the dash do not matter. */
export const recoveryCode = z.string({ error: TWO_FACTOR_MESSAGES.recoveryCodeFormat }).check(
  z.overwrite((v) => v.toLowerCase().replace(/[\s-]+/g, '')),
  z.regex(/^[a-z2-7]{10}$/, TWO_FACTOR_MESSAGES.recoveryCodeFormat),
);

/** Either kind, where a person proves who they are again (turning the app off, new recovery codes). */
export const anyCode = z.string({ error: TWO_FACTOR_MESSAGES.codeFormat }).check(
  z.overwrite((v) => v.trim()),
  z.minLength(1, TWO_FACTOR_MESSAGES.codeFormat),
  z.maxLength(40, TWO_FACTOR_MESSAGES.codeFormat),
);

/** The `code` of the 403 every admin endpoint but the set-up answers when the Owner's rule is not met. */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';

/** The second step's methods; `passkey` is answered by the passkeys part. */
export const SECOND_STEP_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/** What `POST /auth/login-user` answers, instead of the session, for an account with a second factor. */
export const secondStepSchema = z.object({
  secondStep: z.object({
    /** Single use, valid 5 minutes, bound to the account; sent back with the code. */
    ticket: z.string(),
    methods: z.array(z.enum(SECOND_STEP_METHODS)),
    expiresAt: z.string(),
  }),
});
export type SecondStep = z.infer<typeof secondStepSchema>['secondStep'];

const ticketField = z.string().check(z.minLength(1), z.maxLength(200));

/** The ticket and a code of the chosen kind, or an assertion of one of the account's passkeys. */
/** The field that tells the kinds of second step apart (a key, not a message). */
const STEP_KIND = 'method';
export const completeSecondStepSchema = z.discriminatedUnion(STEP_KIND, [
  z.object({ ticket: ticketField, method: z.enum(['totp', 'recovery']), code: anyCode }),
  z.object({ ticket: ticketField, method: z.literal('passkey'), response: authenticationResponseSchema }),
]);
export type CompleteSecondStep = z.infer<typeof completeSecondStepSchema>;

/** The ticket, to begin a passkey ceremony limited to its account's passkeys. */
export const ticketBodySchema = z.object({ ticket: ticketField });

export const codeBodySchema = z.object({ code: anyCode });
export const totpCodeBodySchema = z.object({ code: totpCode });

export const POLICY_SCOPES = ['off', 'staff', 'everyone'] as const;
export type PolicyScope = (typeof POLICY_SCOPES)[number];
export const POLICY_SCOPE_LABELS: Record<PolicyScope, string> = {
  off: 'Not required',
  staff: 'Required for the Owner, Administrators and Editors',
  everyone: 'Required for everyone',
};
export const MAX_GRACE_DAYS = 90;

export const policySchema = z.object({
  scope: z.enum(POLICY_SCOPES),
  graceDays: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_GRACE_DAYS)),
});
export type Policy = z.infer<typeof policySchema>;

/** The requirement as it stands for one person. */
export const requirementSchema = z.object({
  /** The Owner's rule covers this person's role. */
  applies: z.boolean(),
  /** Covered, past the grace period and without a second factor: only the set-up is open. */
  blocked: z.boolean(),
  /** Covered, without a second factor, within the grace period: whole days left (rounded up). */
  daysLeft: z.nullable(z.number()),
});
export type Requirement = z.infer<typeof requirementSchema>;

export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  /** Set-up started and waiting for its first code. */
  totpPending: z.boolean(),
  recoveryCodesLeft: z.number(),
  hasSecondFactor: z.boolean(),
  requirement: requirementSchema,
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const totpSetupSchema = z.object({
  /** The `otpauth://` address as a QR code, an SVG drawn by the server. */
  qrSvg: z.string(),
  /** The secret in groups of four, for typing into the app by hand. */
  manualKey: z.string(),
  issuer: z.string(),
  account: z.string(),
});

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
