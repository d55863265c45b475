import type { ProductItem, SiteContent } from '#shared/schemas/content.ts';
import { productUpdateSchema } from '#shared/schemas/content-updates.ts';
import { ItemsTable } from '#app/features/admin-content/ItemsTable.tsx';
import { loadSection } from '#app/features/admin-content/load-section.ts';
import { SectionForm } from '#app/features/admin-content/SectionForm.tsx';
import { useSectionEditor } from '#app/features/admin-content/use-section-editor.ts';
import type { Route } from './+types/products';

export const clientLoader = () => loadSection('product');
clientLoader.hydrate = true as const;

function ProductEditor({ section }: { section: SiteContent['product'] }) {
  const editor = useSectionEditor(section, { path: 'product/update', schema: productUpdateSchema });
  return (
    <SectionForm
      name="product"
      heading="Product Delivery"
      fields={[
        { name: 'title', label: 'Title', kind: 'text' },
        { name: 'description', label: 'Description', kind: 'rich' },
      ]}
      draft={editor.draft}
      errors={editor.errors}
      saving={editor.saving}
      onField={editor.setField}
      onSave={() => void editor.save()}
    >
      <ItemsTable<ProductItem>
        items={editor.draft.items}
        columns={[
          { label: 'Title', render: (item) => item.title },
          { label: 'Description', render: (item) => item.description },
        ]}
        fields={[
          { name: 'title', label: 'Title', kind: 'text' },
          { name: 'description', label: 'Description', kind: 'textarea' },
        ]}
        titles={{ edit: 'Edit Product' }}
        empty={{ title: '', description: '' }}
        saving={editor.saving}
        onSave={(items) => editor.save({ ...editor.draft, items })}
      />
    </SectionForm>
  );
}

export default function ProductsRoute({ loaderData }: Route.ComponentProps) {
  return <ProductEditor key={JSON.stringify(loaderData)} section={loaderData} />;
}
