import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from '#app/lib/toast.tsx';
import type { z } from 'zod/mini';
import { MESSAGES } from '#shared/messages.ts';
import { firstErrorPerPath } from '#shared/schemas/errors.ts';
import { api } from '#app/lib/api-client.ts';

type Draft<S> = Omit<S, '_id'>;

/**
 * SPEC §4: an editor keeps a local copy of its section, saves it whole with the shared schema checked
 * first, shows a spinner while saving, 'Updated Successfully !' after, then reloads the content.
 */
export function useSectionEditor<S extends { _id: string }>(
  section: S,
  update: { path: string; schema: z.ZodMiniType },
  options: { silentFailure?: boolean } = {},
) {
  const revalidator = useRevalidator();
  const { _id, ...initial } = section;
  const [draft, setDraft] = useState<Draft<S>>(initial as Draft<S>);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);

  const setField = <F extends keyof Draft<S> & string>(name: F, value: Draft<S>[F]) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** Saves `next` (default: the current draft); true when the server took it. */
  const save = async (next: Draft<S> = draft): Promise<boolean> => {
    setDraft(next);
    const parsed = update.schema.safeParse({ ...next, id: _id });
    if (!parsed.success) {
      setErrors(firstErrorPerPath(parsed.error));
      return false;
    }
    setSaving(true);
    try {
      await api(update.path, { body: parsed.data });
      toast.success(MESSAGES.updatedSuccessfully);
      await revalidator.revalidate();
      return true;
    } catch {
      // SPEC §8: the banner form only stops its spinner; the other editors show the generic toast.
      if (!options.silentFailure) toast.error(MESSAGES.somethingWentWrong);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { draft, errors, saving, setField, save };
}
