import { sendMailSchema } from '#shared/schemas/contact.ts';
import { endpoint, messageData } from './endpoint';

/** The visitor's contact form. */
export const sendMail = endpoint({
  method: 'POST',
  path: '/send-mail',
  access: 'public',
  body: sendMailSchema,
  data: messageData,
});
