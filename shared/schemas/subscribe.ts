import { z } from './zod';
import { MESSAGES } from '#shared/messages.ts';

/** docs/product.md#subscription-e-mail-rule: letters, digits, dot, underscore or hyphen before @, a domain, then a 2 to 6 letter suffix. */
export const SUBSCRIBE_EMAIL = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}$/;

export const subscribeFormSchema = z.object({
  email: z
    .string({ error: MESSAGES.subscribeEmpty })
    .check(z.trim(), z.minLength(1, MESSAGES.subscribeEmpty), z.regex(SUBSCRIBE_EMAIL, MESSAGES.subscribeInvalid)),
});

/** `POST /api/blogs-subscribers/add`: the post the visitor was reading (or none) and the address. */
export const subscribeSchema = z.extend(subscribeFormSchema, { blogId: z.nullish(z.string().check(z.maxLength(64))) });
