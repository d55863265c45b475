import { sendMail } from '#shared/api/contact.ts';
import { toSendMailInput } from '#shared/schemas/contact.ts';
import { call } from '#app/lib/api-client.ts';

/**
 * What the contact form needs only when it is sent: the form's schema and the call. ContactForm imports
 * this module on submit, so the landing page does not load Zod before anyone writes to us.
 */
export { contactFormSchema } from '#shared/schemas/contact.ts';

/** Sent with the page's address (same site only), so the message counts as that page's goal. */
export const sendContactMessage = (form: Parameters<typeof toSendMailInput>[0], website: string) =>
  call(sendMail, { body: { ...toSendMailInput(form), website: website || undefined }, referrerPolicy: 'same-origin' });
