import { useState } from 'react';
import type { z } from 'zod/mini';
import { firstErrorPerField } from '#shared/schemas/errors.ts';

type Schema<I> = z.ZodMiniType<unknown, Record<keyof I, unknown>>;

/** Values, the first error per field, and editing a field clears its error (docs/product.md#validation-rules). */
function useFormState<I extends Record<string, string>>(
  initial: I,
  initialErrors: Partial<Record<keyof I, string>> = {},
) {
  const [values, setValues] = useState<I>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof I, string>>>(initialErrors);
  /** The parsed values, or null after showing the errors. */
  const check = <S extends Schema<I>>(schema: S): z.output<S> | null => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    setErrors(firstErrorPerField(parsed.error) as Partial<Record<keyof I, string>>);
    return null;
  };
  return {
    values,
    errors,
    check,
    change(name: keyof I, value: string) {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
    reset(next: I = initial) {
      setValues(next);
      setErrors({});
    },
  };
}

/**
 * Form state checked by a shared Zod schema: `validate()` answers the parsed values or null after showing
 * the errors.
 */
export function useForm<S extends Schema<I>, I extends Record<string, string>>(schema: S, initial: I) {
  const { check, ...form } = useFormState(initial);
  return { ...form, validate: (): z.output<S> | null => check(schema) };
}

/**
 * The same for public pages, with the schema loaded on the first submit: Zod (about 10 KB compressed)
 * stays out of the page's JavaScript until someone sends the form (docs/decisions/0014-first-paint.md).
 */
export function useLazyForm<S extends Schema<I>, I extends Record<string, string>>(
  loadSchema: () => Promise<S>,
  initial: I,
  /** Errors the server found in a form posted without scripts (docs/product.md#forms-without-javascript). */
  initialErrors?: Partial<Record<keyof I, string>>,
) {
  const { check, ...form } = useFormState(initial, initialErrors);
  return { ...form, validate: async (): Promise<z.output<S> | null> => check(await loadSchema()) };
}
