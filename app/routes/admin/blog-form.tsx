import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Dropdown, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import { createPost, getAdminPost, listCategories, previewLink, updatePost } from '#shared/api/blog.ts';
import { getAutosave } from '#shared/api/autosave.ts';
import { getSettings, newsletterAudience } from '#shared/api/newsletter.ts';
import type { AdminPost } from '#shared/schemas/blog.ts';
import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { RichTextEditor } from '#app/components/ui/RichTextEditor.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { AutosaveStatus } from '#app/features/blog-editor/AutosaveStatus.tsx';
import { HistoryButton } from '#app/features/history/HistoryButton.tsx';
import { DeliveryReport } from '#app/features/blog-editor/DeliveryReport.tsx';
import { usePostAutosave } from '#app/features/blog-editor/use-autosave.ts';
import { NewsletterTools } from '#app/features/blog-editor/NewsletterTools.tsx';
import { bodyOf, formOf, type PostFormValues } from '#app/features/blog-editor/post-form.ts';
import { PublishingPanel } from '#app/features/blog-editor/PublishingPanel.tsx';
import { SeoFields } from '#app/features/blog-editor/SeoFields.tsx';
import { ApiError, call } from '#app/lib/api-client.ts';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import { toast } from '#app/lib/toast.tsx';
import { failureMessage, useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/blog-form';

/** The editor's labels of the fields a post's history keeps. */
const POST_LABELS = {
  title: 'Title',
  excerpt: 'Excerpt',
  blogCategory: 'Category',
  content: 'Content',
  featureImage: 'Image',
  customSlug: 'Address',
  metaTitle: 'Search title',
  metaDescription: 'Search description',
  socialImage: 'Social sharing picture',
};

/** Create (`/admin/blogs/create`) and edit (`/admin/blogs/edit/:id`) share this screen. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [categories, settings, autosave] = await Promise.all([
    call(listCategories),
    call(getSettings),
    call(getAutosave, { params: { key: params.id ?? 'new' } }).catch(() => null),
  ]);
  let post: AdminPost | null = null;
  if (params.id) {
    try {
      post = await call(getAdminPost, { params: { id: params.id } });
    } catch (err) {
      // A failed load shows its message (docs/product.md#error-catalogue).
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }
  return { categories, post, editing: Boolean(params.id), timeZone: settings.timeZone, autosave };
}
clientLoader.hydrate = true as const;

function BlogForm({ categories, post, editing, timeZone, autosave }: Route.ComponentProps['loaderData']) {
  const navigate = useNavigate();
  const [values, setValues] = useState(() => formOf(post, timeZone));
  const [savedValues] = useState(values);
  const dirty = JSON.stringify(values) !== JSON.stringify(savedValues);
  const guard = useUnsavedChanges(dirty);
  const autosaved = usePostAutosave({ key: post?._id ?? 'new', values, dirty, server: autosave, stored: savedValues });
  const [errors, setErrors] = useState<Partial<Record<keyof PostFormValues, string>>>({});
  const [audience, setAudience] = useState<number | null>(null);
  const saving = useSubmit();
  const opening = useSubmit();
  const set = <K extends keyof PostFormValues>(name: K, value: PostFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  useEffect(() => {
    call(newsletterAudience)
      .then((a) => setAudience(a.confirmed))
      .catch(() => setAudience(null));
  }, []);

  const save = async (asDraft: boolean) => {
    const body = bodyOf(values, timeZone, { asDraft, isNew: !(editing && post) });
    const saved = await saving.run(
      () =>
        editing && post
          ? call(updatePost, { params: { id: post._id }, body: { ...body, _id: post._id } })
          : call(createPost, { body }),
      {
        success: editing && post ? MESSAGES.blogUpdated : MESSAGES.blogCreated,
        onFailure: (err) => {
          // A field the server refused is shown under it; anything else as a toast.
          const message = failureMessage(err);
          const field = err instanceof ApiError ? err.field : undefined;
          if (field === 'publishAt' || field === 'customSlug' || field === 'metaTitle' || field === 'metaDescription') {
            setErrors({ [field === 'publishAt' ? 'publishAtLocal' : field]: message });
          }
          toast.error(message);
        },
      },
    );
    if (saved) {
      autosaved.clear();
      guard.markSaved();
      navigate('/admin/blogs');
    }
  };

  /** Opens the saved post as its public page will show it, in a new tab, by its private link. */
  const openPreview = (id: string) => {
    const tab = window.open('', '_blank');
    void opening.run(async () => {
      const { url } = await call(previewLink, { params: { id } });
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    });
  };

  return (
    <section className="admin-card">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-start mb-4">
        <h1 className="h3 mb-0">{editing ? 'Edit Blog' : 'Create Blog'}</h1>
        {post ? (
          <div className="d-flex gap-2">
            <HistoryButton doc={{ type: 'post', id: post._id }} labels={POST_LABELS} />
            <Button variant="outline-secondary" disabled={opening.busy} onClick={() => openPreview(post._id)}>
              Preview
            </Button>
          </div>
        ) : null}
      </div>
      {autosaved.offer ? (
        <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center" role="alert">
          <span className="me-auto">
            This post has changes that were not saved ({new Date(autosaved.offer.savedAt).toLocaleString('en-GB')}).
          </span>
          <Button
            size="sm"
            onClick={() => {
              const data = autosaved.restore();
              if (data) setValues((v) => ({ ...v, ...data }));
            }}
          >
            Restore them
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={autosaved.discard}>
            Discard
          </Button>
        </div>
      ) : null}
      <form
        noValidate
        aria-label="Blog"
        onSubmit={(event) => {
          event.preventDefault();
          void save(false);
        }}
      >
        <div className="row g-4">
          <div className="col-xl-8">
            <TextField id="blog-title" label="Title" value={values.title} onChange={(v) => set('title', v)} />
            <TextField
              id="blog-excerpt"
              label="Excerpt"
              as="textarea"
              rows={2}
              value={values.excerpt}
              onChange={(v) => set('excerpt', v)}
            />
            <Form.Group className="mb-3" controlId="blog-category">
              <Form.Label>Select Category</Form.Label>
              <Form.Select value={values.blogCategory} onChange={(e) => set('blogCategory', e.target.value)}>
                <option value="">Uncategorized</option>
                {categories.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <ImageUpload
              label="Image"
              accept="image/*"
              toastOnError={false}
              removable
              value={values.featureImage}
              onUploaded={(url) => set('featureImage', url)}
            />
            <RichTextEditor
              id="blog-content"
              label="Content"
              height={500}
              value={values.content}
              onChange={(v) => set('content', v)}
            />
          </div>
          <div className="col-xl-4">
            <PublishingPanel
              values={values}
              timeZone={timeZone}
              audience={audience}
              emailed={post?.newsletter.sent ?? false}
              error={errors.publishAtLocal}
              onChange={set}
            />
            <NewsletterTools postId={post?._id ?? null} />
            {post?.newsletter.sent ? <DeliveryReport postId={post._id} /> : null}
            <SeoFields values={values} errors={errors} onChange={set} />
          </div>
        </div>
        {/* "Save as draft" sits in the menu beside Save, so the page keeps one button that saves. */}
        <Dropdown as={ButtonGroup} align="start">
          <SpinnerButton type="submit" loading={saving.busy} className="px-5">
            Save
          </SpinnerButton>
          <Dropdown.Toggle split id="blog-save-options" aria-label="More options" disabled={saving.busy} />
          <Dropdown.Menu>
            <Dropdown.Item as="button" type="button" onClick={() => void save(true)}>
              Save as draft
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
        <AutosaveStatus state={autosaved.state} dirty={dirty} />
      </form>
    </section>
  );
}

export default function BlogFormRoute({ loaderData }: Route.ComponentProps) {
  return <BlogForm key={`${loaderData.post?._id ?? 'new'}:${loaderData.post?.updatedAt ?? ''}`} {...loaderData} />;
}
