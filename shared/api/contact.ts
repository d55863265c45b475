import { z } from '#shared/schemas/zod.ts';
import { sendMailSchema } from '#shared/schemas/contact.ts';
import { cursorPageInfoSchema, cursorQuery } from '#shared/schemas/paging.ts';
import { endpoint, idParams, messageData } from './endpoint';

// Contact messages (server/modules/contact): the visitor's form, and the admin inbox that keeps them.

/** The visitor's contact form. */
export const sendMail = endpoint({
  method: 'POST',
  path: '/send-mail',
  access: 'public',
  body: sendMailSchema,
  data: messageData,
});

/** The admin inbox of contact messages. */
export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  /** Who marked it read (absent while unread, and for messages read before the team existed). */
  readBy: z.optional(z.string()),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const MESSAGE_PAGE_SIZE = 50;

/** Newest first, a page at a time: `limit` (default 50, at most 500) after `cursor` (`meta.next`). */
export const listMessages = endpoint({
  method: 'GET',
  path: '/admin/messages',
  access: 'admin',
  allow: 'messages',
  query: z.object(cursorQuery(MESSAGE_PAGE_SIZE, 500)),
  data: z.array(contactMessageSchema),
  meta: cursorPageInfoSchema,
});

export const markMessageRead = endpoint({
  method: 'POST',
  path: '/admin/messages/:id/read',
  access: 'admin',
  allow: 'messages',
  params: idParams,
  body: z.object({ read: z.boolean() }),
  data: z.object({ _id: z.string(), read: z.boolean() }),
});

export const deleteMessage = endpoint({
  method: 'DELETE',
  path: '/admin/messages/:id',
  access: 'admin',
  allow: 'messages',
  params: idParams,
  data: z.object({ _id: z.string() }),
});
