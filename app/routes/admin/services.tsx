import type { ServiceItem, SiteContent } from '#shared/schemas/content.ts';
import { servicesUpdateSchema } from '#shared/schemas/content-updates.ts';
import { RichText } from '#app/components/ui/RichText.tsx';
import { ItemsTable } from '#app/features/admin-content/ItemsTable.tsx';
import { loadSection } from '#app/features/admin-content/load-section.ts';
import { SectionForm } from '#app/features/admin-content/SectionForm.tsx';
import { useSectionEditor } from '#app/features/admin-content/use-section-editor.ts';
import type { Route } from './+types/services';

export const clientLoader = () => loadSection('services');
clientLoader.hydrate = true as const;

function ServicesEditor({ section }: { section: SiteContent['services'] }) {
  const editor = useSectionEditor(section, { path: 'services/update', schema: servicesUpdateSchema });
  return (
    <SectionForm
      name="services"
      heading="Our Services"
      fields={[{ name: 'title', label: 'Title', kind: 'text' }]}
      draft={editor.draft}
      errors={editor.errors}
      saving={editor.saving}
      onField={editor.setField}
      onSave={() => void editor.save()}
    >
      <ItemsTable<ServiceItem>
        items={editor.draft.items}
        columns={[
          { label: 'Title', render: (item) => item.title },
          { label: 'Description', render: (item) => item.description },
          {
            label: 'Modal Description',
            render: (item) => <RichText html={item.modal_description} className="admin-clamp rich-text" />,
          },
          {
            label: 'Modal Image',
            render: (item) =>
              item.modal_img ? <img src={item.modal_img} alt="" height={48} className="rounded" /> : null,
          },
        ]}
        fields={[
          { name: 'title', label: 'Title', kind: 'text' },
          { name: 'description', label: 'Description', kind: 'textarea' },
          { name: 'modal_description', label: 'Modal Description', kind: 'rich' },
          { name: 'modal_img', label: 'Modal Image', kind: 'image' },
        ]}
        titles={{ add: 'Add New Service', edit: 'Edit Service' }}
        empty={{ title: '', description: '', modal_description: '', modal_img: '' }}
        requireImageToAdd="modal_img"
        canDelete
        saving={editor.saving}
        onSave={(items) => editor.save({ ...editor.draft, items })}
      />
    </SectionForm>
  );
}

export default function ServicesRoute({ loaderData }: Route.ComponentProps) {
  return <ServicesEditor key={JSON.stringify(loaderData)} section={loaderData} />;
}
