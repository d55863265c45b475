import { data, type AppLoadContext } from 'react-router';
import { contactFormSchema, sendMailSchema, toSendMailInput, type ContactForm } from '#shared/schemas/contact.ts';
import { firstErrorPerField } from '#shared/schemas/errors.ts';
import { formVisitOf } from '#app/lib/form-visit.server.ts';
import { formFields, unsafeField } from '#app/lib/form-fields.server.ts';
import type { ContactPostResult } from './contact-post';

const EMPTY: ContactForm = { firstName: '', lastName: '', email: '', message: '' };

/**
 * The contact form posted without JavaScript (./contact-post.ts): checked by the schemas the form and
 * `POST /api/send-mail` use, counted by the API's rate limit, and received by the same service, so the
 * page answers what the form's script would have shown (docs/decisions/0028-forms-without-javascript.md).
 */
export async function contactAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { website, ...values } = await formFields(request, ['firstName', 'lastName', 'email', 'message', 'website']);
  const refused = (status: number, answer: Partial<ContactPostResult>, headers?: HeadersInit) =>
    data<ContactPostResult>({ values, errors: {}, sent: false, ...answer }, { status, headers });

  const unsafe = unsafeField(values);
  if (unsafe) return refused(400, { errors: unsafe });
  const form = contactFormSchema.safeParse(values);
  if (!form.success) return refused(400, { errors: firstErrorPerField(form.error) });
  const input = sendMailSchema.safeParse({ ...toSendMailInput(form.data), website: website || undefined });
  if (!input.success) return refused(400, { message: input.error.issues[0]!.message });

  const limited = await context.formPost.limit('contact');
  if (limited) return refused(429, { message: limited.message }, { 'retry-after': String(limited.retryAfter) });
  try {
    const { stored } = await context.services.contact.receive(input.data, context.formPost.ip);
    if (stored) await context.services.analytics.contactGoal(formVisitOf(request, context));
  } catch (err) {
    const failure = context.describeError(err);
    return refused(failure.status, { message: failure.message });
  }
  return { values: EMPTY, errors: {}, sent: true } satisfies ContactPostResult;
}
