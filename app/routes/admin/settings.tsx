import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import { getSettings, saveSettings, type Settings } from '#shared/api/newsletter.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import type { Route } from './+types/settings';

export const clientLoader = () => call(getSettings);
clientLoader.hydrate = true as const;

/** Site settings: what the newsletter carries; the time zone posts are scheduled in (set by TIME_ZONE). */
export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [body, setBody] = useState<Settings['newsletterBody']>(loaderData.newsletterBody);
  const saving = useSubmit();
  useUnsavedChanges(body !== loaderData.newsletterBody);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await saving.run(() => call(saveSettings, { body: { newsletterBody: body } }), {
      success: MESSAGES.updatedSuccessfully,
      onFailure: 'generic',
    });
    if (saved) await revalidator.revalidate();
  };
  return (
    <section className="admin-card" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-4">Settings</h1>
      <form noValidate onSubmit={save} aria-label="Settings">
        <fieldset className="mb-3">
          <legend className="h6">Newsletter e-mails carry</legend>
          <Form.Check
            type="radio"
            id="newsletter-body-excerpt"
            name="newsletter-body"
            label="The post's excerpt and a Read more button"
            checked={body === 'excerpt'}
            onChange={() => setBody('excerpt')}
          />
          <Form.Check
            type="radio"
            id="newsletter-body-full"
            name="newsletter-body"
            label="The whole post"
            checked={body === 'full'}
            onChange={() => setBody('full')}
          />
        </fieldset>
        <p className="small text-body-secondary">
          Posts are scheduled in the site's time zone: <strong>{loaderData.timeZone}</strong> (the TIME_ZONE setting of
          the server).
        </p>
        <SpinnerButton type="submit" loading={saving.busy} className="px-5">
          Update
        </SpinnerButton>
      </form>
    </section>
  );
}
