import { z } from './zod';
import { SESSION_MESSAGES } from '#shared/messages.ts';
import { SIGN_IN_METHODS } from '#shared/sign-in.ts';

/**
 * One live session as its holder (or an Owner or Administrator) sees it (docs/product.md#sessions): the
 * browser and device read from its User-Agent, the address prefix it signed in from, how it signed in.
 */
export const sessionSchema = z.object({
  _id: z.string(),
  /** Browser family ("Chrome", "Firefox"); empty when the User-Agent says nothing we know. */
  browser: z.string(),
  /** Operating system ("macOS", "Android"); empty when unknown. */
  os: z.string(),
  /** desktop, mobile, tablet … ; empty when unknown. */
  device: z.string(),
  /** "203.0.113.x" or "2001:db8:1::/48": never the whole address. */
  place: z.string(),
  method: z.enum(SIGN_IN_METHODS),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session of the request that asked ("This device"). */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

/**
 * A proof of who one is, given again before a sensitive change. The password here; the other proofs
 * (an authenticator code, a passkey) add their own optional field, and exactly one is given.
 */
export const reauthSchema = z.object({
  password: z.string().check(z.minLength(1, SESSION_MESSAGES.wrongPassword), z.maxLength(200)),
});
