import { z } from '#shared/schemas/zod.ts';
import { endpoint, idParams } from './endpoint';

/** Outgoing mail the administrator can look after (docs/product.md#outgoing-mail). */
export const OUTGOING_MAIL_VIEWS = ['failed', 'pending'] as const;
export type OutgoingMailView = (typeof OUTGOING_MAIL_VIEWS)[number];

export const outgoingMailSchema = z.object({
  _id: z.string(),
  /** What the mail is: contact, password-reset, subscription-confirm, new-post … */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** `sending`: a worker holds it right now. */
  status: z.enum(['pending', 'sending', 'failed']),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  /** When it is tried next; null when it failed. */
  nextAttemptAt: z.nullable(z.string()),
  /** The last retry, after which it is marked failed. */
  giveUpAt: z.string(),
  createdAt: z.string(),
  /** The person whose action sent it (an invitation, a review note); absent for the site's own mails. */
  requestedBy: z.optional(z.string()),
});
export type OutgoingMail = z.infer<typeof outgoingMailSchema>;

/** Failed mail newest first, or mail waiting to be sent in the order it is due; at most 500, and the total. */
export const listOutgoingMail = endpoint({
  method: 'GET',
  path: '/admin/mail',
  access: 'admin',
  allow: 'mail',
  query: z.object({ status: z.optional(z.enum(OUTGOING_MAIL_VIEWS)) }),
  data: z.object({ mails: z.array(outgoingMailSchema), total: z.number() }),
});

/** Sends a failed or waiting mail now, retrying for another three days if need be. */
export const retryOutgoingMail = endpoint({
  method: 'POST',
  path: '/admin/mail/:id/retry',
  access: 'admin',
  allow: 'mail',
  params: idParams,
  data: outgoingMailSchema,
});

/** Drops a failed or waiting mail for good. */
export const discardOutgoingMail = endpoint({
  method: 'DELETE',
  path: '/admin/mail/:id',
  access: 'admin',
  allow: 'mail',
  params: idParams,
  data: z.object({ _id: z.string() }),
});

/**
 * Whether delivery as a whole has been failing for 15 minutes with nothing sent meanwhile: since when (the
 * oldest mail still retried), the newest error, how many wait; null otherwise. The admin shows a notice.
 */
export const mailTrouble = endpoint({
  method: 'GET',
  path: '/admin/mail/trouble',
  access: 'admin',
  allow: 'mail',
  data: z.nullable(z.object({ since: z.string(), lastError: z.string(), waiting: z.number() })),
});
