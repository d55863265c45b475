import { useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import { sectionUpdates } from '#shared/api/content.ts';
import { updateSchemaOf } from '#shared/schemas/content-updates.ts';
import { firstErrorPerPath } from '#shared/schemas/errors.ts';
import type { SectionDef } from '#shared/sections.ts';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';

type Draft = Record<string, unknown> & { items?: Record<string, string>[] };

/**
 * An editor keeps a local copy of its section and saves it whole, with the shared schema checked first:
 * a spinner while saving, 'Updated Successfully !' after, then the content is reloaded
 * (docs/product.md#common-editor-behaviour).
 */
export function useSectionEditor(section: { _id: string }, definition: SectionDef) {
  const revalidator = useRevalidator();
  const { _id, ...initial } = section;
  const schema = useMemo(() => updateSchemaOf(definition), [definition]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = useSubmit();
  // Edited and not saved: leaving asks first. A save reloads the section and remounts the editor.
  const [saved] = useState(() => JSON.stringify(initial));
  useUnsavedChanges(JSON.stringify(draft) !== saved);

  const setField = (name: string, value: unknown) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** Saves `next` (default: the current draft); true when the server took it. */
  const save = async (next: Draft = draft): Promise<boolean> => {
    setDraft(next);
    const parsed = schema.safeParse({ ...next, id: _id });
    if (!parsed.success) {
      setErrors(firstErrorPerPath(parsed.error));
      return false;
    }
    return submit.run(
      async () => {
        await call(sectionUpdates[definition.key as keyof typeof sectionUpdates], { body: parsed.data as never });
        await revalidator.revalidate();
      },
      {
        success: MESSAGES.updatedSuccessfully,
        // A failed banner save only stops the spinner; the other editors show the generic toast.
        onFailure: definition.failureToast === false ? 'silent' : 'generic',
      },
    );
  };

  return { draft, errors, saving: submit.busy, setField, save };
}
