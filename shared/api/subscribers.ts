import { z } from '#shared/schemas/zod.ts';
import { VALIDATION_MESSAGES } from '#shared/messages.ts';
import { adminEmailSchema, subscribeSchema } from '#shared/schemas/subscribe.ts';
import { cursorPageInfoSchema, cursorQuery } from '#shared/schemas/paging.ts';
import { endpoint, idParam, idParams, messageData } from './endpoint';

export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  createdAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  /** The post the visitor subscribed from. */
  source: z.nullable(z.object({ _id: z.string(), title: z.string() })),
  /** Where an address the administrator added gave its consent. */
  consentSource: z.optional(z.string()),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** The blog's STAY IN THE KNOW box: stores the address as pending and e-mails a confirmation link. */
export const subscribe = endpoint({
  method: 'POST',
  path: '/blogs-subscribers/add',
  access: 'public',
  body: subscribeSchema,
  data: messageData,
});

/**
 * RFC 8058 one-click unsubscribe: mail clients POST to the List-Unsubscribe address with a small form
 * body; the link's query says everything.
 */
export const unsubscribeOneClick = endpoint({
  method: 'POST',
  path: '/blogs-subscribers/unsubscribe',
  access: 'public',
  query: z.object({ id: idParam, token: z.string().check(z.minLength(1), z.maxLength(100)) }),
  data: messageData,
});

/** The administrator's list, newest first, a page at a time (docs/api.md#subscribers). */
export const SUBSCRIBER_PAGE_SIZE = 50;

/**
 * A page of the list: `limit` (default 50, at most 500) subscribers after `cursor` (the `meta.next` of the
 * page before; none or empty: the newest), only addresses containing `search` when given.
 */
export const listSubscribers = endpoint({
  method: 'GET',
  path: '/admin/subscribers',
  access: 'admin',
  allow: 'subscribers',
  query: z.object({
    search: z.optional(z.string().check(z.trim(), z.maxLength(200, VALIDATION_MESSAGES.searchTooLong))),
    ...cursorQuery(SUBSCRIBER_PAGE_SIZE, 500),
  }),
  data: z.array(subscriberSchema),
  meta: cursorPageInfoSchema,
});

export const removeSubscriber = endpoint({
  method: 'DELETE',
  path: '/admin/subscribers/:id',
  access: 'admin',
  allow: 'subscribers',
  params: idParams,
  data: z.object({ _id: z.string() }),
});

/** Every subscriber as CSV, newest first; streamed as it is read, so its size is not bounded by memory. */
export const exportSubscribers = endpoint({
  method: 'GET',
  path: '/admin/subscribers/export.csv',
  access: 'admin',
  allow: 'subscribers',
  data: z.string(),
  file: { contentType: 'text/csv; charset=utf-8' },
});

const consent = {
  /** The owner already confirmed elsewhere: no confirmation mail (docs/product.md#subscribers). */
  confirmed: z._default(z.boolean(), false),
  /** Where the owner gave consent, kept with the address. */
  source: z.string().check(z.trim(), z.minLength(1, VALIDATION_MESSAGES.consentSourceRequired), z.maxLength(200)),
};

/** Adds one address by hand. */
export const addSubscriber = endpoint({
  method: 'POST',
  path: '/admin/subscribers',
  access: 'admin',
  allow: 'subscribers',
  body: z.object({ email: adminEmailSchema, ...consent }),
  data: messageData,
});

/** Imports the addresses of a CSV file (its "email" column, or its first). */
export const importSubscribers = endpoint({
  method: 'POST',
  path: '/admin/subscribers/import',
  access: 'admin',
  allow: 'subscribers',
  body: z.object({
    csv: z.string().check(z.minLength(1, VALIDATION_MESSAGES.csvRequired), z.maxLength(5_000_000)),
    ...consent,
  }),
  data: z.object({ message: z.string(), added: z.number(), existing: z.number(), invalid: z.array(z.string()) }),
});
