import { sectionOf, type SectionKey } from '#shared/sections.ts';
import { HistoryButton } from '#app/features/history/HistoryButton.tsx';
import { ItemsTable } from './ItemsTable';
import { labelsOf, richFieldsOf } from './labels';
import type { LoadedSection } from './load-section';
import { SectionForm } from './SectionForm';
import { SectionNotices } from './SectionNotices';
import { useSectionEditor } from './use-section-editor';

/** The editor of any section, as the registry describes it: its fields, then its items table if it has one. */
export function SectionEditor({ sectionKey, loaded }: { sectionKey: SectionKey; loaded: LoadedSection }) {
  const definition = sectionOf(sectionKey);
  const editor = useSectionEditor(loaded, definition);
  const items = 'items' in definition ? definition.items : undefined;
  return (
    <SectionForm
      name={definition.api}
      heading={definition.label}
      fields={definition.fields}
      draft={editor.draft}
      errors={editor.errors}
      saving={editor.saving}
      onField={editor.setField}
      onSave={() => void editor.save()}
      notices={<SectionNotices editor={editor} definition={definition} />}
      actions={
        <HistoryButton
          doc={{ type: 'section', id: definition.key }}
          labels={labelsOf(definition)}
          richFields={richFieldsOf(definition)}
        />
      }
    >
      {items && 'table' in items ? (
        <ItemsTable
          items={editor.draft.items ?? []}
          fields={items.fields}
          table={items.table}
          saving={editor.saving}
          onSave={(next) => editor.save({ ...editor.draft, items: next })}
        />
      ) : null}
    </SectionForm>
  );
}
