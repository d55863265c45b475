import { bannerUpdateSchema } from '#shared/schemas/content-updates.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { loadSection } from '#app/features/admin-content/load-section.ts';
import { SectionForm } from '#app/features/admin-content/SectionForm.tsx';
import { useSectionEditor } from '#app/features/admin-content/use-section-editor.ts';
import type { Route } from './+types/banner';

export const clientLoader = () => loadSection('banner');
clientLoader.hydrate = true as const;

function BannerEditor({ section }: { section: SiteContent['banner'] }) {
  // SPEC §8: a failed banner update only stops the spinner.
  const editor = useSectionEditor(
    section,
    { path: 'banner/update', schema: bannerUpdateSchema },
    { silentFailure: true },
  );
  return (
    <SectionForm
      name="banner"
      heading="Banner"
      fields={[
        { name: 'title', label: 'Title', kind: 'text' },
        { name: 'subTitle', label: 'Sub Title', kind: 'text' },
        { name: 'description', label: 'Description', kind: 'rich' },
        { name: 'modalTitle', label: 'Modal Title', kind: 'text' },
        { name: 'modalLeftContent', label: 'Modal Left Content', kind: 'rich' },
        { name: 'modalRightContent', label: 'Modal Right Content', kind: 'rich' },
      ]}
      draft={editor.draft}
      errors={editor.errors}
      saving={editor.saving}
      onField={editor.setField}
      onSave={() => void editor.save()}
    />
  );
}

export default function BannerRoute({ loaderData }: Route.ComponentProps) {
  return <BannerEditor key={JSON.stringify(loaderData)} section={loaderData} />;
}
