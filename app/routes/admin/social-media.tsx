import type { SiteContent } from '#shared/schemas/content.ts';
import { socialUpdateSchema } from '#shared/schemas/content-updates.ts';
import { loadSection } from '#app/features/admin-content/load-section.ts';
import { SectionForm } from '#app/features/admin-content/SectionForm.tsx';
import { useSectionEditor } from '#app/features/admin-content/use-section-editor.ts';
import type { Route } from './+types/social-media';

export const clientLoader = () => loadSection('social');
clientLoader.hydrate = true as const;

function SocialEditor({ section }: { section: SiteContent['social'] }) {
  const editor = useSectionEditor(section, { path: 'social/update', schema: socialUpdateSchema });
  return (
    <SectionForm
      name="social"
      heading="Social Media"
      fields={[
        { name: 'facebook_link', label: 'Facebook', kind: 'text' },
        { name: 'twitter_link', label: 'Twitter', kind: 'text' },
        { name: 'linkedin_link', label: 'LinkedIn', kind: 'text' },
        { name: 'youtube_link', label: 'Youtube', kind: 'text' },
        { name: 'github_link', label: 'Github', kind: 'text' },
      ]}
      draft={editor.draft}
      errors={editor.errors}
      saving={editor.saving}
      onField={editor.setField}
      onSave={() => void editor.save()}
    />
  );
}

export default function SocialRoute({ loaderData }: Route.ComponentProps) {
  return <SocialEditor key={JSON.stringify(loaderData)} section={loaderData} />;
}
