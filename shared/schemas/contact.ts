import { z } from './zod';
import { MESSAGES } from '#shared/messages.ts';
import { looseEmail, personName, requiredText } from './fields';

/** The visitor's contact form (docs/product.md#contact-form, docs/product.md#contact-form-rules). */
export const contactFormSchema = z.object({
  firstName: personName(MESSAGES.fieldEmpty, MESSAGES.invalidFirstName),
  lastName: personName(MESSAGES.fieldEmpty, MESSAGES.invalidLastName),
  email: looseEmail(MESSAGES.invalidContactEmail),
  message: requiredText(MESSAGES.emptyMessage, 5000),
});
export type ContactForm = z.input<typeof contactFormSchema>;

/** Words of the name: the form joins first and last name with a space (docs/product.md#blog-entities). */
const NAME_WORDS = /^[\p{L}.]+(?: [\p{L}.]+)*$/u;

/**
 * `POST /api/send-mail`. `website` is a honeypot: a hidden input people never fill in; when it has a
 * value the request is treated as a bot and dropped without telling it so.
 */
export const sendMailSchema = z.object({
  name: requiredText(MESSAGES.fieldEmpty, 201).check(z.regex(NAME_WORDS, MESSAGES.invalidFirstName)),
  email: looseEmail(MESSAGES.invalidContactEmail),
  message: requiredText(MESSAGES.emptyMessage, 5000),
  website: z.optional(z.string().check(z.maxLength(500))),
});
export type SendMailInput = z.input<typeof sendMailSchema>;
export type SendMailData = z.output<typeof sendMailSchema>;

export const toSendMailInput = (form: z.output<typeof contactFormSchema>): SendMailInput => ({
  name: `${form.firstName} ${form.lastName}`,
  email: form.email,
  message: form.message,
});
