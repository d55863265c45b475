import { NEWSLETTER_MESSAGES } from '#shared/messages.ts';
import { z } from './zod';

/** A newsletter's own subject and preheader (docs/product.md#newsletter-tools, docs/api.md#newsletters). */

/** At most this long: a subject line inboxes show whole, and a preheader they show after it. */
export const NEWSLETTER_SUBJECT_MAX = 150;
export const NEWSLETTER_PREHEADER_MAX = 200;

/**
 * Control characters (line breaks above all) never reach a mail: the subject is a header, and a line break
 * in it would start another header (header injection); the preheader is one hidden line of the HTML.
 */
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

const lineOf = (max: number, tooLong: string) =>
  z.string().check(z.trim(), z.maxLength(max, tooLong), z.regex(ONE_LINE, NEWSLETTER_MESSAGES.oneLine));

/** Trimmed, one line; empty: the default (the subject names the title, the preheader is the excerpt). */
export const newsletterSubject = lineOf(
  NEWSLETTER_SUBJECT_MAX,
  NEWSLETTER_MESSAGES.subjectTooLong(NEWSLETTER_SUBJECT_MAX),
);
export const newsletterPreheader = lineOf(
  NEWSLETTER_PREHEADER_MAX,
  NEWSLETTER_MESSAGES.preheaderTooLong(NEWSLETTER_PREHEADER_MAX),
);

/**
 * What the editor sets for a post's newsletter; a subject or preheader left out is empty (the default).
 * `countClicks`: its links lead through the site, which counts clicks per link (off by default; left out,
 * it stays as it was).
 */
export const newsletterMessageInput = z.object({
  subject: z._default(newsletterSubject, ''),
  preheader: z._default(newsletterPreheader, ''),
  countClicks: z.optional(z.boolean()),
});
export type NewsletterMessageInput = z.output<typeof newsletterMessageInput>;

/** The message of a post's newsletter: what is set, what the defaults are, and whether it was sent with it. */
export const newsletterMessageSchema = z.object({
  subject: z.string(),
  preheader: z.string(),
  defaults: z.object({ subject: z.string(), preheader: z.string() }),
  /** The post has been e-mailed: these are what it was sent with, and they no longer change. */
  sent: z.boolean(),
  /** Present (true) when clicks on its links are (or were) counted; left out: they are not. */
  countClicks: z.optional(z.boolean()),
});
export type NewsletterMessage = z.infer<typeof newsletterMessageSchema>;
