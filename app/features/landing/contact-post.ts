import { SECTION_IDS } from '#shared/paths.ts';
import type { ContactForm } from '#shared/schemas/contact.ts';

/**
 * Where the contact form posts when the page's scripts have not run: the landing page's own action
 * (`?index` names the index route, whose action it is), back at the form (docs/product.md#forms-without-javascript).
 */
export const CONTACT_FORM_ACTION = `/?index#${SECTION_IDS.contactUs}`;

/** What the landing page's action answers: the fields as typed (emptied once sent), their errors, the outcome. */
export interface ContactPostResult {
  values: ContactForm;
  errors: Partial<Record<keyof ContactForm, string>>;
  sent: boolean;
  /** The server's reason when it refused or failed (a rate limit, …). */
  message?: string;
}
