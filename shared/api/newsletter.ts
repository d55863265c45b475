import { z } from '#shared/schemas/zod.ts';
import { VALIDATION_MESSAGES } from '#shared/messages.ts';
import {
  newsletterMessageInput,
  newsletterMessageSchema,
  newsletterPreheader,
  newsletterSubject,
} from '#shared/schemas/newsletter.ts';
import { endpoint, idParams, messageData } from './endpoint';

/**
 * How a post's newsletter went: recipients, sent, failed (with the reason), pending, and when; and, when it
 * was sent with click counting, each of its links with its clicks (null when it was not; never opens).
 */
export const deliveryReportSchema = z.object({
  status: z.enum(['fanning-out', 'sending', 'done']),
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  failures: z.array(z.object({ email: z.string(), error: z.string() })),
  links: z.optional(z.nullable(z.array(z.object({ url: z.string(), clicks: z.number() })))),
});
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;

export const mailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;

/** The delivery report of a post's newsletter; null when it has not been e-mailed. */
export const deliveryReport = endpoint({
  method: 'GET',
  path: '/blogs/:id/newsletter',
  access: 'admin',
  allow: 'newsletters',
  params: idParams,
  data: z.nullable(deliveryReportSchema),
});

/** The newsletter of a post as a subscriber would get it. */
export const newsletterPreview = endpoint({
  method: 'GET',
  path: '/blogs/:id/newsletter/preview',
  access: 'admin',
  allow: 'newsletters',
  params: idParams,
  data: mailPreviewSchema,
});

/**
 * Sends the newsletter of a post to one address (the administrator's unless another is given), and nobody
 * else; with this send's own subject and preheader when given (else the post's, else the defaults). The
 * test of a post not yet published links to its preview.
 */
export const newsletterTest = endpoint({
  method: 'POST',
  path: '/blogs/:id/newsletter/test',
  access: 'admin',
  allow: 'newsletters',
  params: idParams,
  // Nothing to send is fine too: the test then goes to the administrator.
  body: z.nullish(
    z.object({
      to: z.optional(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(254),
            z.regex(/^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/, VALIDATION_MESSAGES.testAddressInvalid),
          ),
      ),
      subject: z.optional(newsletterSubject),
      preheader: z.optional(newsletterPreheader),
    }),
  ),
  data: messageData,
});

/** The subject and preheader a post's newsletter will be (or was) sent with, and their defaults. */
export const getNewsletterMessage = endpoint({
  method: 'GET',
  path: '/blogs/:id/newsletter/message',
  access: 'admin',
  allow: 'newsletters',
  params: idParams,
  data: newsletterMessageSchema,
});

/** Sets them for the post's newsletter (empty: the default); 409 once the post has been e-mailed. */
export const saveNewsletterMessage = endpoint({
  method: 'POST',
  path: '/blogs/:id/newsletter/message',
  access: 'admin',
  allow: 'newsletters',
  params: idParams,
  body: newsletterMessageInput,
  data: newsletterMessageSchema,
});

/** How many confirmed subscribers a newsletter would go to now. */
export const newsletterAudience = endpoint({
  method: 'GET',
  path: '/admin/newsletter/audience',
  access: 'admin',
  allow: 'newsletters',
  data: z.object({ confirmed: z.number() }),
});

export const settingsSchema = z.object({
  /** The newsletter carries the post's excerpt, or the whole article. */
  newsletterBody: z.enum(['excerpt', 'full']),
});
export type Settings = z.infer<typeof settingsSchema>;

/** The settings, and what the server's configuration fixes: the time zone posts are scheduled in. */
export const siteSettingsSchema = z.extend(settingsSchema, { timeZone: z.string() });
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const getSettings = endpoint({
  method: 'GET',
  path: '/admin/settings',
  access: 'admin',
  allow: 'account',
  data: siteSettingsSchema,
});

export const saveSettings = endpoint({
  method: 'POST',
  path: '/admin/settings',
  access: 'admin',
  allow: 'settings',
  body: settingsSchema,
  data: siteSettingsSchema,
});
