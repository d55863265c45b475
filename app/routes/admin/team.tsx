import type { ImageItem, SiteContent } from '#shared/schemas/content.ts';
import { teamUpdateSchema } from '#shared/schemas/content-updates.ts';
import { ItemsTable } from '#app/features/admin-content/ItemsTable.tsx';
import { loadSection } from '#app/features/admin-content/load-section.ts';
import { SectionForm } from '#app/features/admin-content/SectionForm.tsx';
import { useSectionEditor } from '#app/features/admin-content/use-section-editor.ts';
import type { Route } from './+types/team';

export const clientLoader = () => loadSection('team');
clientLoader.hydrate = true as const;

function TeamEditor({ section }: { section: SiteContent['team'] }) {
  const editor = useSectionEditor(section, { path: 'team/update', schema: teamUpdateSchema });
  return (
    <SectionForm
      name="team"
      heading="Team"
      fields={[{ name: 'title', label: 'Title', kind: 'text' }]}
      draft={editor.draft}
      errors={editor.errors}
      saving={editor.saving}
      onField={editor.setField}
      onSave={() => void editor.save()}
    >
      <ItemsTable<ImageItem>
        items={editor.draft.items}
        columns={[
          { label: 'Title', render: (item) => item.title },
          { label: 'Description', render: (item) => item.description },
          {
            label: 'Image',
            render: (item) =>
              item.image_url ? (
                <img src={item.image_url} alt="" width={45} height={48} className="rounded object-fit-cover" />
              ) : null,
          },
        ]}
        fields={[
          { name: 'title', label: 'Title', kind: 'text' },
          { name: 'description', label: 'Description', kind: 'textarea' },
          { name: 'image_url', label: 'Image', kind: 'image' },
        ]}
        titles={{ add: 'Add New Member', edit: 'Edit Member' }}
        empty={{ title: '', description: '', image_url: '' }}
        canDelete
        saving={editor.saving}
        onSave={(items) => editor.save({ ...editor.draft, items })}
      />
    </SectionForm>
  );
}

export default function TeamRoute({ loaderData }: Route.ComponentProps) {
  return <TeamEditor key={JSON.stringify(loaderData)} section={loaderData} />;
}
