import { z } from '#shared/schemas/zod.ts';
import { PRESENCE_MESSAGES } from '#shared/messages.ts';
import { endpoint } from './endpoint';

/**
 * Who else has an editor of the same post or section open (docs/product.md#edit-conflicts): each open
 * editor says so every `PRESENCE_BEAT_MS` and when its person types, and hears of the others in the answer.
 * A subject is `post:<id>` or `section:<key>`; a tab is a random id each editor makes when it opens.
 */
export const PRESENCE_BEAT_MS = 20_000;
/** An editor not heard of for this long is taken as closed (a closed laptop, a lost connection). */
export const PRESENCE_TTL_MS = 60_000;

const subject = z
  .string({ error: PRESENCE_MESSAGES.badSubject })
  .check(z.regex(/^(post:[A-Za-z0-9-]{1,64}|section:[A-Za-z]{1,40})$/, PRESENCE_MESSAGES.badSubject));
const tab = z
  .string({ error: PRESENCE_MESSAGES.badTab })
  .check(z.regex(/^[A-Za-z0-9-]{8,64}$/, PRESENCE_MESSAGES.badTab));

export const presenceOtherSchema = z.object({
  name: z.string(),
  /** The same person, in another tab or browser. */
  self: z.boolean(),
  seenAt: z.string(),
  /** When they last typed in that editor; null: not since it opened. */
  typedAt: z.nullable(z.string()),
});
export type PresenceOther = z.infer<typeof presenceOtherSchema>;

/** "I have this open" (and, with `typed`, "I typed since the last beat"); answers the other open editors. */
export const beatPresence = endpoint({
  method: 'POST',
  path: '/admin/presence',
  access: 'admin',
  allow: 'account',
  body: z.object({ subject, tab, typed: z.optional(z.boolean()) }),
  data: z.object({ others: z.array(presenceOtherSchema) }),
});

/** "I closed it": the others stop showing this tab at once rather than after `PRESENCE_TTL_MS`. */
export const leavePresence = endpoint({
  method: 'POST',
  path: '/admin/presence/leave',
  access: 'admin',
  allow: 'account',
  body: z.object({ subject, tab }),
  data: z.object({ left: z.boolean() }),
});
