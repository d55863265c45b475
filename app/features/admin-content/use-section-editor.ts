import { useEffect, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { EDIT_CONFLICT_MESSAGES, MESSAGES } from '#shared/messages.ts';
import { sectionUpdates } from '#shared/api/content.ts';
import { updateSchemaOf } from '#shared/schemas/content-updates.ts';
import { firstErrorPerPath } from '#shared/schemas/errors.ts';
import type { SectionDef, SectionKey } from '#shared/sections.ts';
import { call } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import { isEditConflict } from '#app/features/edit-conflicts/conflict-error.ts';
import { usePresence } from '#app/features/edit-conflicts/presence.ts';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import { loadSection, type LoadedSection } from './load-section';

export type Draft = Record<string, unknown> & { items?: Record<string, string>[] };

/**
 * An editor keeps a local copy of its section and saves it whole, with the shared schema checked first:
 * a spinner while saving, 'Updated Successfully !' after, then the content is reloaded
 * (docs/product.md#common-editor-behaviour). The save names the version it opened; when the section was
 * saved meanwhile, the version saved is read and kept beside the draft (`theirs`) to compare, and the next
 * save names it (docs/product.md#edit-conflicts).
 */
export function useSectionEditor(loaded: LoadedSection, definition: SectionDef) {
  const revalidator = useRevalidator();
  const { _id, ...initial } = loaded.section as { _id: string } & Draft;
  const schema = useMemo(() => updateSchemaOf(definition), [definition]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  // A ref, not state: a save started by this editor after it was replaced (the Undo of a deleted item, from
  // its toast) names the version its own last save made, not the one it opened.
  const base = useRef(loaded.version);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  const [theirs, setTheirs] = useState<Draft | null>(null);
  const submit = useSubmit();
  const others = usePresence(`section:${definition.key}`, draft);
  // Edited and not saved: leaving asks first. A save reloads the section and remounts the editor.
  const [saved] = useState(() => JSON.stringify(initial));
  useUnsavedChanges(JSON.stringify(draft) !== saved);

  const setField = (name: string, value: unknown) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** Shows the version saved meanwhile beside the draft; the next save is made over it on purpose. */
  const showTheirs = async () => {
    const stored = await loadSection(definition.key as SectionKey);
    const { _id: _storedId, ...section } = stored.section as { _id: string } & Draft;
    base.current = stored.version;
    setTheirs(section);
  };

  /** Saves `next` (default: the current draft); true when the server took it. */
  const save = async (next: Draft = draft): Promise<boolean> => {
    setDraft(next);
    const baseVersion = base.current;
    const parsed = schema.safeParse({ ...next, id: _id, baseVersion });
    if (!parsed.success) {
      setErrors(firstErrorPerPath(parsed.error));
      return false;
    }
    return submit.run(
      async () => {
        await call(sectionUpdates[definition.key as keyof typeof sectionUpdates], { body: parsed.data as never });
        // Every save raises the version by one (server/modules/content/repository.ts claimSectionVersion).
        base.current = baseVersion + 1;
        await revalidator.revalidate();
      },
      {
        success: MESSAGES.updatedSuccessfully,
        onFailure: (err) => {
          if (isEditConflict(err)) {
            // An editor no longer on the screen cannot show both versions: it says what happened instead.
            if (!mounted.current) return void toast.error(EDIT_CONFLICT_MESSAGES.sectionConflict);
            return void showTheirs().catch(() => toast.error(MESSAGES.somethingWentWrong));
          }
          // A failed banner save only stops the spinner; the other editors show the generic toast.
          if (definition.failureToast !== false) toast.error(MESSAGES.somethingWentWrong);
        },
      },
    );
  };

  return {
    draft,
    errors,
    saving: submit.busy,
    setField,
    save,
    others,
    conflict: theirs && {
      theirs,
      /** Saves the draft over theirs. */
      keepMine: () => void save(draft),
      /** Drops the draft for theirs: the screen reloads the section as stored. */
      takeTheirs: () => {
        setTheirs(null);
        void revalidator.revalidate();
      },
    },
  };
}
export type SectionEditorState = ReturnType<typeof useSectionEditor>;
