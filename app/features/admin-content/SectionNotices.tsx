import { EDIT_CONFLICT_MESSAGES } from '#shared/messages.ts';
import type { SectionDef } from '#shared/sections.ts';
import { ConflictView, differingRows, textOfRich } from '#app/features/edit-conflicts/ConflictView.tsx';
import { PresenceNotice } from '#app/features/edit-conflicts/PresenceNotice.tsx';
import { labelsOf } from './labels';
import type { SectionEditorState } from './use-section-editor';

/** A field's value as text to compare by eye: rich text without tags, each item as its fields in a line. */
function shown(definition: SectionDef, name: string, value: unknown): string {
  const rich = new Set([...definition.fields, ...(definition.items?.fields ?? [])].filter((f) => f.kind === 'rich'));
  const text = (field: string, v: unknown) =>
    [...rich].some((f) => f.name === field) ? textOfRich(String(v ?? '')) : String(v ?? '');
  if (name === 'items' && Array.isArray(value))
    return (value as Array<Record<string, string>>)
      .map(
        (item, i) =>
          `${i + 1}. ${Object.entries(item)
            .map(([f, v]) => text(f, v))
            .filter(Boolean)
            .join(' — ')}`,
      )
      .join('\n');
  return text(name, value);
}

/**
 * Above a section's form (docs/product.md#edit-conflicts): who else has it open, and after a save refused
 * because it was saved meanwhile, both versions to compare.
 */
export function SectionNotices({ editor, definition }: { editor: SectionEditorState; definition: SectionDef }) {
  const labels = labelsOf(definition);
  const fields = Object.entries(labels).map(([name, label]) => ({ name, label }));
  return (
    <>
      <PresenceNotice others={editor.others} what="section" />
      {editor.conflict ? (
        <ConflictView
          heading={EDIT_CONFLICT_MESSAGES.sectionHeading}
          intro={EDIT_CONFLICT_MESSAGES.sectionIntro}
          rows={differingRows(fields, editor.conflict.theirs, editor.draft, (name, value) =>
            shown(definition, name, value),
          )}
          busy={editor.saving}
          onUseTheirs={(name) => editor.setField(name, editor.conflict?.theirs[name])}
          onTakeTheirs={editor.conflict.takeTheirs}
          onKeepMine={editor.conflict.keepMine}
        />
      ) : null}
    </>
  );
}
