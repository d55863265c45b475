import { useState } from 'react';
import type { z } from 'zod/mini';
import { firstErrorPerField } from '#shared/schemas/errors.ts';

/**
 * Form state checked by a shared Zod schema: values, the first error per field, editing a field clears
 * its error (docs/product.md#validation-rules), and `validate()` answers the parsed values or null after showing the errors.
 */
export function useForm<S extends z.ZodMiniType<unknown, Record<keyof I, unknown>>, I extends Record<string, string>>(
  schema: S,
  initial: I,
) {
  const [values, setValues] = useState<I>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof I, string>>>({});

  return {
    values,
    errors,
    change(name: keyof I, value: string) {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
    validate(): z.output<S> | null {
      const parsed = schema.safeParse(values);
      if (parsed.success) return parsed.data;
      setErrors(firstErrorPerField(parsed.error) as Partial<Record<keyof I, string>>);
      return null;
    },
    reset(next: I = initial) {
      setValues(next);
      setErrors({});
    },
  };
}
