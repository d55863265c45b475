import type { PortfolioItem, SiteContent } from '#shared/schemas/content.ts';
import { portfolioUpdateSchema } from '#shared/schemas/content-updates.ts';
import { ItemsTable } from '#app/features/admin-content/ItemsTable.tsx';
import { loadSection } from '#app/features/admin-content/load-section.ts';
import { SectionForm } from '#app/features/admin-content/SectionForm.tsx';
import { useSectionEditor } from '#app/features/admin-content/use-section-editor.ts';
import type { Route } from './+types/portfolio';

export const clientLoader = () => loadSection('portfolio');
clientLoader.hydrate = true as const;

function PortfolioEditor({ section }: { section: SiteContent['portfolio'] }) {
  const editor = useSectionEditor(section, { path: 'portfolio/update', schema: portfolioUpdateSchema });
  return (
    <SectionForm
      name="portfolio"
      heading="Portfolio"
      fields={[
        { name: 'title', label: 'Title', kind: 'text' },
        { name: 'description', label: 'Description', kind: 'textarea' },
      ]}
      draft={editor.draft}
      errors={editor.errors}
      saving={editor.saving}
      onField={editor.setField}
      onSave={() => void editor.save()}
    >
      <ItemsTable<PortfolioItem>
        items={editor.draft.items}
        columns={[
          {
            label: 'Image',
            render: (item) =>
              item.image_url ? <img src={item.image_url} alt="" height={48} className="rounded" /> : null,
          },
          { label: 'Link', render: (item) => item.product_link },
        ]}
        fields={[
          { name: 'product_link', label: 'Link', kind: 'text' },
          { name: 'image_url', label: 'Image', kind: 'image' },
        ]}
        titles={{ add: 'Add Portfolio', edit: 'Edit Portfolio' }}
        empty={{ image_url: '', product_link: '' }}
        requireImageToAdd="image_url"
        canDelete
        saving={editor.saving}
        onSave={(items) => editor.save({ ...editor.draft, items })}
      />
    </SectionForm>
  );
}

export default function PortfolioRoute({ loaderData }: Route.ComponentProps) {
  return <PortfolioEditor key={JSON.stringify(loaderData)} section={loaderData} />;
}
