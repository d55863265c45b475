import { z } from './zod';
import { MESSAGES } from '#shared/messages.ts';

/** docs/product.md#subscription-e-mail-rule: letters, digits, dot, underscore or hyphen before @, a domain, then a 2 to 6 letter suffix. */
export const SUBSCRIBE_EMAIL = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}$/;

export const subscribeFormSchema = z.object({
  email: z
    .string({ error: MESSAGES.subscribeEmpty })
    .check(z.trim(), z.minLength(1, MESSAGES.subscribeEmpty), z.regex(SUBSCRIBE_EMAIL, MESSAGES.subscribeInvalid)),
});

/**
 * docs/product.md#admin-address-rule: what the staff add by hand or import is any address a mail server
 * would take, not the public box's narrow rule (`anna+news@gmail.com`, `o'brien@example.ie`,
 * `ops@acme.company`). Zod's RFC 5322 pattern (a quoted or dotted local part, a domain with a suffix of 2 or
 * more letters, or an IP literal), at most 254 characters (RFC 5321's path limit), and no control
 * characters, which the pattern's quoted form would let through into a mail header.
 */
export const ADMIN_EMAIL_MAX = 254;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
export const isAdminEmail = (address: string): boolean =>
  address.length <= ADMIN_EMAIL_MAX && !CONTROL_CHARACTER.test(address) && z.regexes.rfc5322Email.test(address);

export const adminEmailSchema = z.string({ error: MESSAGES.subscribeEmpty }).check(
  z.trim(),
  z.minLength(1, MESSAGES.subscribeEmpty),
  z.refine((address) => isAdminEmail(address), MESSAGES.subscribeInvalid),
);

/** `POST /api/blogs-subscribers/add`: the post the visitor was reading (or none) and the address. */
export const subscribeSchema = z.extend(subscribeFormSchema, { blogId: z.nullish(z.string().check(z.maxLength(64))) });
