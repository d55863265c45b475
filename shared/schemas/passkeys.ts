import { z } from './zod';
import { PASSKEY_MESSAGES, VALIDATION_MESSAGES } from '#shared/messages.ts';

/** docs/product.md#passkeys: at most this many passkeys per person, each with a name this long at most. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 60;

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, PASSKEY_MESSAGES.nameRequired),
    z.maxLength(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong(PASSKEY_NAME_MAX)),
  );

/** base64url text as WebAuthn answers carry it, bounded (a credential id is at most 1023 bytes). */
const b64 = (max: number) => z.string().check(z.maxLength(max, VALIDATION_MESSAGES.tooLong(max)));

/** The extension outputs browsers send (only `credProps` is kept; none is relied on). */
const extensionOutputs = z._default(z.object({ credProps: z.optional(z.object({ rk: z.optional(z.boolean()) })) }), {});

/** What `startRegistration()` of @simplewebauthn/browser gives (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: extensionOutputs,
  response: z.object({
    clientDataJSON: b64(4000),
    attestationObject: b64(20_000),
    authenticatorData: z.optional(b64(20_000)),
    transports: z.optional(z.array(z.string().check(z.maxLength(20))).check(z.maxLength(8))),
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(b64(4000)),
  }),
});

/** What `startAuthentication()` of @simplewebauthn/browser gives (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: extensionOutputs,
  response: z.object({
    clientDataJSON: b64(4000),
    authenticatorData: b64(20_000),
    signature: b64(2000),
    userHandle: z.optional(b64(200)),
  }),
});

export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export const passkeyAssertionSchema = z.object({ response: authenticationResponseSchema });

/**
 * The options a ceremony begins with (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON),
 * passed to the browser as they are.
 */
export const ceremonyOptionsSchema = z.looseObject({ challenge: z.string() });

/** Whether this site can use passkeys, and why not (docs/product.md#passkeys). */
export const passkeyStatusSchema = z.object({ available: z.boolean(), reason: z.optional(z.string()) });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** Backed up by its provider (synced to the person's other devices). */
  synced: z.boolean(),
});

export const passkeyListSchema = z.object({
  passkeys: z.array(passkeySchema),
  max: z.number(),
  available: z.boolean(),
  reason: z.optional(z.string()),
});
