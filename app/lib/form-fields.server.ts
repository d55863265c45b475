import { SERVER_MESSAGES } from '#shared/messages.ts';
import { isSafeText } from '#shared/text-safety.ts';

/**
 * The text fields of a form post, each '' when missing; a repeated field counts once (its first value)
 * and a file is not text. Line breaks are stored as the script sends them, `\n`: a form post sends each
 * as CRLF (the HTML standard's form encoding), the textarea's value has LF. The page route has already refused anything but URL-encoded fields within
 * their size limit (server/pages/form-post.ts), so this only reads.
 */
export async function formFields<N extends string>(request: Request, names: readonly N[]): Promise<Record<N, string>> {
  const form = await request.formData();
  const values = {} as Record<N, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : '';
  }
  return values;
}

/**
 * A field holding text no field may (a NUL byte: shared/text-safety.ts), with the API's message for it,
 * or null. Browsers never send one; the API refuses it the same way (server/plugins/text-safety.ts).
 */
export function unsafeField<N extends string>(values: Record<N, string>): Partial<Record<N, string>> | null {
  for (const name of Object.keys(values) as N[]) {
    if (!isSafeText(values[name])) return { [name]: SERVER_MESSAGES.unsafeText } as Partial<Record<N, string>>;
  }
  return null;
}
