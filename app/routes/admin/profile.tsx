import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { Link, useRevalidator } from 'react-router';
import { PROFILE_MESSAGES, SESSION_MESSAGES } from '#shared/messages.ts';
import { authorUrl } from '#shared/profile.ts';
import { getProfile, requestEmailChange, saveProfile } from '#shared/api/profile.ts';
import { emailChangeSchema, profileInputSchema, type Profile } from '#shared/schemas/profile.ts';
import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { call } from '#app/lib/api-client.ts';
import { useForm } from '#app/lib/use-form.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import type { Route } from './+types/profile';

export const clientLoader = () => call(getProfile);
clientLoader.hydrate = true as const;

/** Your own profile (docs/product.md#profiles-and-author-pages): what bylines and your author page show. */
export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const initial = {
    name: loaderData.name,
    segment: loaderData.segment,
    bio: loaderData.bio,
    avatar: loaderData.avatar,
    website: loaderData.website,
  };
  const form = useForm(profileInputSchema, initial);
  const emailForm = useForm(emailChangeSchema, { email: '' });
  const saving = useSubmit();
  const sending = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const changed = (Object.keys(initial) as Array<keyof typeof initial>).some((k) => form.values[k] !== initial[k]);
  useUnsavedChanges(changed);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    let saved: Profile | null = null;
    await saving.run(async () => (saved = await call(saveProfile, { body: input })), {
      success: PROFILE_MESSAGES.saved,
    });
    if (saved) {
      const { name, segment, bio, avatar, website } = saved as Profile;
      form.reset({ name, segment, bio, avatar, website });
      await revalidator.revalidate();
    }
  };

  const changeEmail = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = emailForm.validate();
    if (!input) return;
    let sent: string | null = null;
    await sending.run(async () => (sent = (await call(requestEmailChange, { body: input })).message));
    if (sent) {
      setSentTo(sent);
      emailForm.reset();
      await revalidator.revalidate();
    }
  };

  const preview = authorUrl(form.values.segment.trim().toLowerCase() || '…');
  return (
    <section className="admin-card" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-4">{PROFILE_MESSAGES.profileHeading}</h1>
      <form noValidate onSubmit={save} aria-label="Profile">
        <TextField
          id="profile-name"
          label="Name"
          autoComplete="name"
          value={form.values.name}
          error={form.errors.name}
          onChange={(v) => form.change('name', v)}
        />
        <Form.Group className="mb-3" controlId="profile-segment">
          <Form.Label>Address of your author page</Form.Label>
          <Form.Control
            name="segment"
            value={form.values.segment}
            isInvalid={Boolean(form.errors.segment)}
            aria-describedby="profile-segment-preview"
            onChange={(e) => form.change('segment', e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{form.errors.segment}</Form.Control.Feedback>
          <Form.Text id="profile-segment-preview">
            {PROFILE_MESSAGES.addressPreview} <code>{preview}</code>
          </Form.Text>
        </Form.Group>
        <TextField
          id="profile-bio"
          label="Bio"
          as="textarea"
          rows={3}
          value={form.values.bio}
          error={form.errors.bio}
          onChange={(v) => form.change('bio', v)}
        />
        <ImageUpload
          label="Picture"
          value={form.values.avatar}
          accept="image/*"
          toastOnError={false}
          removable
          error={form.errors.avatar}
          onUploaded={(url) => form.change('avatar', url)}
        />
        <TextField
          id="profile-website"
          label="Website"
          type="url"
          autoComplete="url"
          value={form.values.website}
          error={form.errors.website}
          onChange={(v) => form.change('website', v)}
        />
        <SpinnerButton type="submit" loading={saving.busy} className="px-5">
          Save
        </SpinnerButton>
      </form>

      <hr className="my-4" />
      <h2 className="h5 mb-3">E-mail address</h2>
      <p>
        Now: <strong>{loaderData.email}</strong>
        {loaderData.pendingEmail ? (
          <>
            <br />
            <span className="text-body-secondary">
              Waiting for confirmation: <strong>{loaderData.pendingEmail}</strong>
            </span>
          </>
        ) : null}
      </p>
      <form noValidate onSubmit={changeEmail} aria-label="Change e-mail address">
        <TextField
          id="profile-new-email"
          label="New e-mail address"
          type="email"
          autoComplete="email"
          value={emailForm.values.email}
          error={emailForm.errors.email}
          onChange={(v) => emailForm.change('email', v)}
        />
        {sentTo ? (
          <p role="status" className="text-success">
            {sentTo}
          </p>
        ) : null}
        <SpinnerButton type="submit" loading={sending.busy} variant="outline-primary">
          Send confirmation link
        </SpinnerButton>
      </form>
      <p className="mt-4 mb-0">
        <Link to="/admin/security">Sign-in and security</Link>: {SESSION_MESSAGES.securityLink}
      </p>
    </section>
  );
}
