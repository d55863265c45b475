import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { contactFormSchema, sendMailSchema, toSendMailInput } from '#shared/schemas/contact.ts';
import { firstErrorPerField } from '#shared/schemas/errors.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', message: 'Hello' };
const errorsOf = (input: Record<string, unknown>) => {
  const result = contactFormSchema.safeParse(input);
  return result.success ? {} : firstErrorPerField(result.error);
};

describe('contact form rules (docs/product.md#validation-rules)', () => {
  it('accepts a valid form and trims values', () => {
    const parsed = contactFormSchema.parse({ ...valid, firstName: ' Ada ', message: ' Hi ' });
    expect(parsed.firstName).toBe('Ada');
    expect(parsed.message).toBe('Hi');
  });

  it.each([
    ['firstName', '', MESSAGES.fieldEmpty],
    ['firstName', '   ', MESSAGES.fieldEmpty],
    ['firstName', 'Ada1', MESSAGES.invalidFirstName],
    ['firstName', 'Ada Mary', MESSAGES.invalidFirstName],
    ['firstName', 'Ada-Mary', MESSAGES.invalidFirstName],
    ['lastName', '', MESSAGES.fieldEmpty],
    ['lastName', '\t', MESSAGES.fieldEmpty],
    ['lastName', 'L0velace', MESSAGES.invalidLastName],
    ['email', '', MESSAGES.invalidContactEmail],
    ['email', 'ada.example.com', MESSAGES.invalidContactEmail],
    ['email', 'ada@example', MESSAGES.invalidContactEmail],
    ['message', '', MESSAGES.emptyMessage],
    ['message', '  \n ', MESSAGES.emptyMessage],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it.each(['J.R.R.', 'José', 'Zoë', 'O.Neil'])('accepts letters and dots: %s', (name) => {
    expect(errorsOf({ ...valid, firstName: name, lastName: name })).toEqual({});
  });

  it('accepts any address with both @ and a dot, as the spec says', () => {
    expect(errorsOf({ ...valid, email: 'a@b.c' })).toEqual({});
  });

  it('reports the emptiness message first when several checks fail', () => {
    expect(errorsOf({ firstName: '', lastName: '', email: '', message: '' })).toEqual({
      firstName: MESSAGES.fieldEmpty,
      lastName: MESSAGES.fieldEmpty,
      email: MESSAGES.invalidContactEmail,
      message: MESSAGES.emptyMessage,
    });
  });

  it('treats missing and wrongly typed fields as empty', () => {
    expect(errorsOf({})).toEqual({
      firstName: MESSAGES.fieldEmpty,
      lastName: MESSAGES.fieldEmpty,
      email: MESSAGES.invalidContactEmail,
      message: MESSAGES.emptyMessage,
    });
  });
});

describe('send-mail payload', () => {
  it('joins first and last name with a space, which the server schema accepts', () => {
    const payload = toSendMailInput(contactFormSchema.parse({ ...valid, firstName: 'J.R.R.', lastName: 'Tolkien' }));
    expect(payload).toEqual({ name: 'J.R.R. Tolkien', email: 'ada@example.com', message: 'Hello' });
    expect(sendMailSchema.safeParse(payload).success).toBe(true);
  });

  it('rejects names with anything but letters, dots and single spaces', () => {
    for (const name of ['Ada  Lovelace', 'Ada <b>', 'Ada\nBcc: x@y.z', '1']) {
      expect(sendMailSchema.safeParse({ name, email: 'a@b.c', message: 'x' }).success, name).toBe(false);
    }
  });
});
