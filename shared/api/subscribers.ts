import { z } from '#shared/schemas/zod.ts';
import { subscribeSchema } from '#shared/schemas/subscribe.ts';
import { endpoint, idParam, idParams, messageData } from './endpoint';

export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  createdAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  /** The post the visitor subscribed from. */
  source: z.nullable(z.object({ _id: z.string(), title: z.string() })),
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

export const listSubscribers = endpoint({
  method: 'GET',
  path: '/admin/subscribers',
  access: 'admin',
  data: z.array(subscriberSchema),
});

export const removeSubscriber = endpoint({
  method: 'DELETE',
  path: '/admin/subscribers/:id',
  access: 'admin',
  params: idParams,
  data: z.object({ _id: z.string() }),
});

export const exportSubscribers = endpoint({
  method: 'GET',
  path: '/admin/subscribers/export.csv',
  access: 'admin',
  data: z.string(),
  file: { contentType: 'text/csv; charset=utf-8' },
});
