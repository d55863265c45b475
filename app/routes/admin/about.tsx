import type { ImageItem } from '#shared/schemas/content.ts';
import { sectionOf } from '#shared/sections.ts';
import { HistoryButton } from '#app/features/history/HistoryButton.tsx';
import { labelsOf, richFieldsOf } from '#app/features/admin-content/labels.ts';
import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { RichTextEditor } from '#app/components/ui/RichTextEditor.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { loadSection, type LoadedSection } from '#app/features/admin-content/load-section.ts';
import { SectionNotices } from '#app/features/admin-content/SectionNotices.tsx';
import { useSectionEditor } from '#app/features/admin-content/use-section-editor.ts';
import type { Route } from './+types/about';

export const clientLoader = () => loadSection('aboutus');
clientLoader.hydrate = true as const;

const EMPTY_ITEM: ImageItem = { title: '', description: '', image_url: '' };

/** docs/product.md#about-editor: two sections, each with an image, a rich-text title and a rich-text description. */
function AboutEditor({ loaded }: { loaded: LoadedSection<'aboutus'> }) {
  const editor = useSectionEditor(loaded, sectionOf('aboutus'));
  const items = [0, 1].map((i) => editor.draft.items?.[i] ?? EMPTY_ITEM);
  const setItem = (index: number, field: keyof ImageItem, value: string) =>
    editor.setField(
      'items',
      items.map((item, i) => (i === index ? { ...item, [field]: value } : item)),
    );
  return (
    <section className="admin-card">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-start mb-4">
        <h1 className="h3 mb-0">About</h1>
        <HistoryButton
          doc={{ type: 'section', id: 'aboutus' }}
          labels={labelsOf(sectionOf('aboutus'))}
          richFields={richFieldsOf(sectionOf('aboutus'))}
        />
      </div>
      <SectionNotices editor={editor} definition={sectionOf('aboutus')} />
      <form
        noValidate
        aria-label="About"
        onSubmit={(event) => {
          event.preventDefault();
          void editor.save({ ...editor.draft, items });
        }}
      >
        {items.map((item, index) => (
          <fieldset key={index} className="mb-4">
            <legend className="h5">Section {index + 1}</legend>
            <ImageUpload label="Image" value={item.image_url} onUploaded={(url) => setItem(index, 'image_url', url)} />
            <RichTextEditor
              id={`about-${index}-title`}
              label="Title"
              value={item.title}
              onChange={(v) => setItem(index, 'title', v)}
            />
            <RichTextEditor
              id={`about-${index}-description`}
              label="Description"
              value={item.description}
              error={editor.errors[`items.${index}.description`]}
              onChange={(v) => setItem(index, 'description', v)}
            />
          </fieldset>
        ))}
        <SpinnerButton type="submit" loading={editor.saving} className="px-5">
          Update
        </SpinnerButton>
      </form>
    </section>
  );
}

export default function AboutRoute({ loaderData }: Route.ComponentProps) {
  return <AboutEditor key={JSON.stringify(loaderData)} loaded={loaderData} />;
}
