import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { PAGE_MESSAGES } from '#shared/messages.ts';
import {
  createPage,
  getPage,
  pagePreviewLink,
  setPageStatus,
  updatePage,
  type Page,
  type PageStatus,
} from '#shared/api/pages.ts';
import type { PageBlock } from '#shared/page-blocks.ts';
import { segmentFromTitle, segmentProblem } from '#shared/page-segments.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { guardScreen } from '#app/features/admin/account.ts';
import { HistoryButton } from '#app/features/history/HistoryButton.tsx';
import { BlocksEditor } from '#app/features/page-blocks/BlocksEditor.tsx';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import { ApiError, call } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import { failureMessage } from '#app/lib/use-submit.ts';
import type { Route } from './+types/page-form';

/** The page being edited (null on /admin/pages/create). */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  return { page: params.id ? await call(getPage, { params: { id: params.id } }) : null };
}
clientLoader.hydrate = true as const;

interface Draft {
  title: string;
  segment: string;
  /** The segment was typed, not made from the title. */
  segmentTyped: boolean;
  blocks: PageBlock[];
  metaTitle: string;
  metaDescription: string;
  socialImage: string;
}

const draftOf = (page: Page | null): Draft => ({
  title: page?.title ?? '',
  segment: page?.segment ?? '',
  segmentTyped: Boolean(page),
  blocks: page?.blocks ?? [],
  metaTitle: page?.metaTitle ?? '',
  metaDescription: page?.metaDescription ?? '',
  socialImage: page?.socialImage ?? '',
});

const LABELS: Record<string, string> = {
  title: 'Title',
  segment: 'Address',
  blocks: 'Blocks',
  metaTitle: 'SEO title',
  metaDescription: 'Meta description',
  socialImage: 'Social-sharing image',
};
const NO_RICH_TEXT: ReadonlySet<string> = new Set();

/** A `datetime-local` value (the browser's time) as an ISO instant, or null. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

/** /admin/pages/create and /admin/pages/edit/:id (docs/product.md#pages). A restore reloads the form. */
export default function PageFormScreen({ loaderData }: Route.ComponentProps) {
  return <PageForm key={JSON.stringify(loaderData.page)} page={loaderData.page} />;
}

function PageForm({ page }: { page: Page | null }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const initial = draftOf(page);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [when, setWhen] = useState('');
  const dirty =
    JSON.stringify({ ...draft, segmentTyped: false }) !== JSON.stringify({ ...initial, segmentTyped: false });
  const { markSaved } = useUnsavedChanges(dirty);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setTitle = (title: string) =>
    setDraft((d) => ({ ...d, title, segment: d.segmentTyped ? d.segment : segmentFromTitle(title) }));

  const body = () => ({
    title: draft.title,
    segment: draft.segment,
    blocks: draft.blocks,
    metaTitle: draft.metaTitle,
    metaDescription: draft.metaDescription,
    socialImage: draft.socialImage,
    ...(page ? { baseVersion: page.version } : {}),
  });

  /** Saves the form (when changed or new), then sets the status when asked; answers the saved page. */
  async function save(kind: string, status?: PageStatus): Promise<Page | null> {
    const problem = segmentProblem(draft.segment);
    if (problem) {
      setErrors({ segment: problem });
      return null;
    }
    setBusy(kind);
    setErrors({});
    // Set once the form's fields are saved: a status change that then fails leaves a saved page behind.
    let wrote: Page | null = null;
    try {
      let saved = page;
      if (!page) saved = wrote = await call(createPage, { body: body() });
      else if (dirty) saved = wrote = await call(updatePage, { params: { id: page._id }, body: body() });
      if (status && saved) {
        saved = await call(setPageStatus, {
          params: { id: saved._id },
          body: { status, publishAt: status === 'scheduled' ? isoOf(when) : null },
        });
      }
      markSaved();
      toast.success(
        status === 'published'
          ? PAGE_MESSAGES.published
          : status === 'scheduled'
            ? PAGE_MESSAGES.scheduled
            : status === 'draft' && page?.status !== 'draft'
              ? PAGE_MESSAGES.unpublished
              : page
                ? PAGE_MESSAGES.saved
                : PAGE_MESSAGES.created,
      );
      if (!page && saved) await navigate(`/admin/pages/edit/${saved._id}`);
      else await revalidator.revalidate();
      return saved;
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.message });
      toast.error(failureMessage(err));
      // The fields were saved before the status change failed (a past "Publish at"): the form moves on to
      // that save, so that its next one names that version (not a conflict with itself) or edits the page
      // made (not a second one at the same address).
      if (wrote) {
        markSaved();
        if (!page) await navigate(`/admin/pages/edit/${wrote._id}`);
        else await revalidator.revalidate();
      }
      return null;
    } finally {
      setBusy(null);
    }
  }

  const preview = async () => {
    if (!page) return;
    try {
      const { url } = await call(pagePreviewLink, { params: { id: page._id } });
      window.open(url, '_blank', 'noopener');
    } catch (err) {
      toast.error(failureMessage(err));
    }
  };

  const blockErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([field]) => field.startsWith('blocks.'))
      .map(([field, message]) => {
        const [, index, ...rest] = field.split('.');
        const id = draft.blocks[Number(index)]?.id ?? index;
        return [`${id}.${rest.join('.')}`, message];
      }),
  );

  return (
    <section className="admin-card" style={{ maxWidth: 960 }}>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">{page ? 'Edit page' : 'Create page'}</h1>
        <div className="d-flex gap-2 flex-wrap">
          <Link className="btn btn-outline-secondary" to="/admin/pages">
            All pages
          </Link>
          {page ? (
            <>
              <Button variant="outline-secondary" onClick={() => void preview()}>
                Preview
              </Button>
              <HistoryButton doc={{ type: 'page', id: page._id }} labels={LABELS} richFields={NO_RICH_TEXT} />
            </>
          ) : null}
        </div>
      </div>
      {page ? (
        <p className="mb-3">
          Status: <strong>{page.status}</strong>
          {page.status === 'published' ? (
            <>
              {' '}
              at{' '}
              <a href={page.path} target="_blank" rel="noreferrer">
                {page.path}
              </a>
            </>
          ) : null}
          {page.status === 'scheduled' && page.publishAt ? ` for ${new Date(page.publishAt).toLocaleString()}` : null}
        </p>
      ) : null}
      <form
        noValidate
        aria-label={page ? 'Edit page' : 'Create page'}
        onSubmit={(e) => {
          e.preventDefault();
          void save('save');
        }}
      >
        <Form.Group className="mb-3" controlId="page-title">
          <Form.Label>Title</Form.Label>
          <Form.Control
            value={draft.title}
            maxLength={200}
            required
            isInvalid={Boolean(errors.title)}
            onChange={(e) => setTitle(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{errors.title}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="page-segment">
          <Form.Label>Address</Form.Label>
          <div className="input-group has-validation">
            <span className="input-group-text">/</span>
            <Form.Control
              value={draft.segment}
              maxLength={100}
              required
              isInvalid={Boolean(errors.segment)}
              aria-describedby="page-segment-help"
              onChange={(e) => setDraft((d) => ({ ...d, segment: e.target.value.toLowerCase(), segmentTyped: true }))}
            />
            <Form.Control.Feedback type="invalid">{errors.segment}</Form.Control.Feedback>
          </div>
          <Form.Text id="page-segment-help">
            Lower-case letters, digits and hyphens. Renaming a published page leaves a redirect at the old address.
          </Form.Text>
        </Form.Group>
        <h2 className="h5 mt-4">Blocks</h2>
        {errors.blocks ? <p className="text-danger">{errors.blocks}</p> : null}
        <BlocksEditor
          value={draft.blocks}
          onChange={(blocks) => set('blocks', blocks)}
          errors={blockErrors}
          disabled={busy !== null}
        />
        <details className="admin-panel my-3" open={Boolean(draft.metaTitle || draft.metaDescription)}>
          <summary className="h6 mb-0">Search engines and sharing</summary>
          <div className="mt-3">
            <Form.Group className="mb-3" controlId="page-meta-title">
              <Form.Label>SEO title</Form.Label>
              <Form.Control
                value={draft.metaTitle}
                maxLength={200}
                isInvalid={Boolean(errors.metaTitle)}
                onChange={(e) => set('metaTitle', e.target.value)}
              />
              <Form.Control.Feedback type="invalid">{errors.metaTitle}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="page-meta-description">
              <Form.Label>Meta description</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={draft.metaDescription}
                maxLength={500}
                isInvalid={Boolean(errors.metaDescription)}
                onChange={(e) => set('metaDescription', e.target.value)}
              />
              <Form.Control.Feedback type="invalid">{errors.metaDescription}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="page-social-image">
              <Form.Label>Social-sharing image (a media library address, /uploads/…)</Form.Label>
              <Form.Control
                value={draft.socialImage}
                maxLength={2000}
                isInvalid={Boolean(errors.socialImage)}
                onChange={(e) => set('socialImage', e.target.value)}
              />
              <Form.Control.Feedback type="invalid">{errors.socialImage}</Form.Control.Feedback>
            </Form.Group>
          </div>
        </details>
        <div className="d-flex gap-2 flex-wrap align-items-end">
          <SpinnerButton type="submit" variant="primary" loading={busy === 'save'} disabled={busy !== null}>
            {page?.status === 'published' ? 'Save' : 'Save draft'}
          </SpinnerButton>
          {page?.status !== 'published' ? (
            <SpinnerButton
              variant="success"
              loading={busy === 'publish'}
              disabled={busy !== null}
              onClick={() => void save('publish', 'published')}
            >
              Publish
            </SpinnerButton>
          ) : (
            <SpinnerButton
              variant="outline-secondary"
              loading={busy === 'unpublish'}
              disabled={busy !== null}
              onClick={() => void save('unpublish', 'draft')}
            >
              Unpublish
            </SpinnerButton>
          )}
          <Form.Group controlId="page-publish-at">
            <Form.Label className="small mb-1">Publish at</Form.Label>
            <Form.Control
              type="datetime-local"
              size="sm"
              value={when}
              isInvalid={Boolean(errors.publishAt)}
              onChange={(e) => setWhen(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errors.publishAt}</Form.Control.Feedback>
          </Form.Group>
          <SpinnerButton
            variant="outline-primary"
            loading={busy === 'schedule'}
            disabled={busy !== null || !when}
            onClick={() => void save('schedule', 'scheduled')}
          >
            Schedule
          </SpinnerButton>
        </div>
      </form>
    </section>
  );
}
