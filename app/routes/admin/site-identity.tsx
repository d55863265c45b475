import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { IDENTITY_MESSAGES } from '#shared/messages.ts';
import { getIdentity, saveIdentity } from '#shared/api/site-identity.ts';
import {
  BUTTON_TEXT_COLOUR,
  contrastRatio,
  DEFAULT_ACCENT,
  isHexColour,
  MIN_ACCENT_CONTRAST,
  type SiteIdentity,
} from '#shared/schemas/site-identity.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { TextField } from '#app/components/ui/TextField.tsx';
import { IdentityImage, type ImageKind } from '#app/features/site-identity/IdentityImage.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import { HistoryButton } from '#app/features/history/HistoryButton.tsx';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import type { Route } from './+types/site-identity';

export const clientLoader = () => call(getIdentity);
clientLoader.hydrate = true as const;

/** The identity's images, in the order the form shows them, with the help text each one gets. */
const LOGO_IMAGES: ReadonlyArray<{ kind: ImageKind; help: string }> = [
  {
    kind: 'logoDark',
    help: "Shown in the header and the footer. Without it, the logo below; without both, the site's own logo.",
  },
  { kind: 'logoLight', help: 'Given to search engines with the company details.' },
  {
    kind: 'favicon',
    help: "A square image, at least 512 × 512 pixels: the browser tab's icon, the home-screen icons and the web manifest are made from it.",
  },
];

/** The history dialog's names for the identity's fields. */
const LABELS: Record<keyof SiteIdentity, string> = {
  name: 'Site name',
  tagline: 'Tagline',
  logoLight: 'Logo on light backgrounds',
  logoDark: 'Logo on dark backgrounds',
  favicon: 'Favicon',
  accent: 'Accent colour',
  shareImage: 'Social-sharing image',
  firstYear: 'First year',
  company: 'Company details',
  profiles: 'Social profiles',
};
const NO_RICH_TEXT: ReadonlySet<string> = new Set();

/** Settings → Site identity (docs/product.md#site-identity). A restore from the history reloads the form. */
export default function SiteIdentityPage({ loaderData }: Route.ComponentProps) {
  return <IdentityForm key={JSON.stringify(loaderData)} loaderData={loaderData} />;
}

function IdentityForm({ loaderData }: { loaderData: SiteIdentity }) {
  const revalidator = useRevalidator();
  const [identity, setIdentity] = useState<SiteIdentity>(loaderData);
  const [accentText, setAccentText] = useState(loaderData.accent ?? '');
  const saving = useSubmit();
  useUnsavedChanges(
    JSON.stringify(identity) !== JSON.stringify(loaderData) || accentText !== (loaderData.accent ?? ''),
  );
  const set = <K extends keyof SiteIdentity>(key: K, value: SiteIdentity[K]) =>
    setIdentity((current) => ({ ...current, [key]: value }));
  const setCompany = (key: keyof SiteIdentity['company'], value: string) =>
    setIdentity((current) => ({ ...current, company: { ...current.company, [key]: value } }));
  const setProfile = (index: number, key: 'label' | 'url', value: string) =>
    setIdentity((current) => ({
      ...current,
      profiles: current.profiles.map((p, i) => (i === index ? { ...p, [key]: value } : p)),
    }));

  const accent = accentText.trim();
  const accentValid = accent === '' || isHexColour(accent);
  const ratio = accent && isHexColour(accent) ? contrastRatio(accent, BUTTON_TEXT_COLOUR) : null;
  const accentRefused = !accentValid ? IDENTITY_MESSAGES.notAColour : ratio !== null && ratio < MIN_ACCENT_CONTRAST;
  const shownRatio = contrastRatio(accent && isHexColour(accent) ? accent : DEFAULT_ACCENT, BUTTON_TEXT_COLOUR);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (accentRefused) return;
    const body = { ...identity, accent: accent ? accent.toLowerCase() : null };
    const ok = await saving.run(() => call(saveIdentity, { body }), { success: IDENTITY_MESSAGES.saved });
    if (ok) await revalidator.revalidate();
  };

  return (
    <section className="admin-card" style={{ maxWidth: 760 }}>
      <div className="d-flex justify-content-between align-items-center mb-4 gap-2 flex-wrap">
        <h1 className="h3 mb-0">{IDENTITY_MESSAGES.title}</h1>
        <HistoryButton doc={{ type: 'identity', id: 'site' }} labels={LABELS} richFields={NO_RICH_TEXT} />
      </div>
      <form noValidate onSubmit={save} aria-label={IDENTITY_MESSAGES.title}>
        <TextField
          id="identity-name"
          label={LABELS.name}
          value={identity.name}
          maxLength={80}
          required
          onChange={(value) => set('name', value)}
        />
        <TextField
          id="identity-tagline"
          className="mb-4"
          label={LABELS.tagline}
          value={identity.tagline}
          maxLength={160}
          onChange={(value) => set('tagline', value)}
        />

        <fieldset className="mb-3">
          <legend className="h5">Logo and favicon</legend>
          {LOGO_IMAGES.map(({ kind, help }) => (
            <IdentityImage
              key={kind}
              kind={kind}
              label={LABELS[kind]}
              help={help}
              value={identity[kind]}
              onChange={(url) => set(kind, url)}
            />
          ))}
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">Accent colour</legend>
          <div className="d-flex gap-2 align-items-start">
            <Form.Control
              type="color"
              aria-label="Pick the accent colour"
              className="form-control-color"
              value={accent && isHexColour(accent) ? accent.toLowerCase() : DEFAULT_ACCENT}
              onChange={(e) => setAccentText(e.target.value)}
            />
            <Form.Group controlId="identity-accent" className="flex-grow-1">
              <Form.Label className="visually-hidden">Accent colour (hexadecimal)</Form.Label>
              <Form.Control
                value={accentText}
                placeholder={DEFAULT_ACCENT}
                maxLength={7}
                isInvalid={Boolean(accentRefused)}
                aria-describedby="identity-accent-ratio"
                onChange={(e) => setAccentText(e.target.value)}
              />
              <Form.Control.Feedback type="invalid" role="alert">
                {accentRefused === true ? IDENTITY_MESSAGES.lowContrast(MIN_ACCENT_CONTRAST) : accentRefused || null}
              </Form.Control.Feedback>
            </Form.Group>
            <span
              className="identity-swatch btn"
              style={{ background: accent && isHexColour(accent) ? accent : DEFAULT_ACCENT, color: BUTTON_TEXT_COLOUR }}
              aria-hidden="true"
            >
              Button
            </span>
          </div>
          <Form.Text id="identity-accent-ratio" data-testid="accent-ratio">
            {IDENTITY_MESSAGES.contrast(shownRatio.toFixed(2))}
            {accent ? null : ' (the theme colour; leave the field empty to keep it)'}
          </Form.Text>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">Sharing and footer</legend>
          <IdentityImage
            kind="shareImage"
            label={LABELS.shareImage}
            help="Shown by social networks for a page that has no picture of its own (1200 × 630 pixels is best)."
            value={identity.shareImage}
            onChange={(url) => set('shareImage', url)}
          />
          <Form.Group className="mb-3" controlId="identity-first-year">
            <Form.Label>First year of the footer line</Form.Label>
            <Form.Control
              type="number"
              inputMode="numeric"
              min={1900}
              max={2100}
              value={identity.firstYear ?? ''}
              aria-describedby="identity-first-year-help"
              onChange={(e) => set('firstYear', e.target.value === '' ? null : Number(e.target.value))}
            />
            <Form.Text id="identity-first-year-help">
              The footer then reads “© first year–this year”. Empty: the footer line as it is.
            </Form.Text>
          </Form.Group>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">Company details</legend>
          <TextField
            id="identity-legal-name"
            label="Legal name"
            value={identity.company.legalName}
            maxLength={160}
            onChange={(value) => setCompany('legalName', value)}
          />
          <TextField
            id="identity-address"
            label="Address"
            as="textarea"
            rows={2}
            value={identity.company.address}
            maxLength={300}
            onChange={(value) => setCompany('address', value)}
          />
          <div className="row g-3">
            <TextField
              id="identity-email"
              className="col-md-6"
              label="E-mail"
              type="email"
              value={identity.company.email}
              onChange={(value) => setCompany('email', value)}
            />
            <TextField
              id="identity-phone"
              className="col-md-6"
              label="Phone"
              type="tel"
              value={identity.company.phone}
              maxLength={40}
              onChange={(value) => setCompany('phone', value)}
            />
          </div>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">Social profiles</legend>
          <p className="small text-body-secondary">
            More profiles, shown in the footer and given to search engines. The header's five icons stay in the Social
            section.
          </p>
          {identity.profiles.map((profile, index) => (
            <div className="row g-2 mb-2 align-items-end" key={index}>
              <TextField
                id={`identity-profile-label-${index}`}
                className="col-sm-4"
                label="Name"
                value={profile.label}
                maxLength={60}
                onChange={(value) => setProfile(index, 'label', value)}
              />
              <TextField
                id={`identity-profile-url-${index}`}
                className="col-sm-6"
                label="Address"
                type="url"
                value={profile.url}
                placeholder="https://"
                onChange={(value) => setProfile(index, 'url', value)}
              />
              <div className="col-sm-2">
                <Button
                  variant="outline-danger"
                  className="w-100"
                  onClick={() =>
                    set(
                      'profiles',
                      identity.profiles.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove
                </Button>
              </div>
            </div>
          ))}
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => set('profiles', [...identity.profiles, { label: '', url: '' }])}
          >
            Add a profile
          </Button>
        </fieldset>

        <SpinnerButton type="submit" loading={saving.busy} className="px-5">
          Save
        </SpinnerButton>
      </form>
    </section>
  );
}
