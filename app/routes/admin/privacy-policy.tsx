import type { SiteContent } from '#shared/schemas/content.ts';
import { privacyUpdateSchema } from '#shared/schemas/content-updates.ts';
import { loadSection } from '#app/features/admin-content/load-section.ts';
import { SectionForm } from '#app/features/admin-content/SectionForm.tsx';
import { useSectionEditor } from '#app/features/admin-content/use-section-editor.ts';
import type { Route } from './+types/privacy-policy';

export const clientLoader = () => loadSection('privacyPolicy');
clientLoader.hydrate = true as const;

function PrivacyEditor({ section }: { section: SiteContent['privacyPolicy'] }) {
  const editor = useSectionEditor(section, { path: 'privacy/update', schema: privacyUpdateSchema });
  return (
    <SectionForm
      name="privacy"
      heading="Privacy Policy"
      fields={[
        { name: 'privacy_policy_text', label: 'Privacy Policy', kind: 'rich' },
        { name: 'terms_and_conditions_text', label: 'Terms And Conditions', kind: 'rich' },
      ]}
      draft={editor.draft}
      errors={editor.errors}
      saving={editor.saving}
      onField={editor.setField}
      onSave={() => void editor.save()}
    />
  );
}

export default function PrivacyRoute({ loaderData }: Route.ComponentProps) {
  return <PrivacyEditor key={JSON.stringify(loaderData)} section={loaderData} />;
}
