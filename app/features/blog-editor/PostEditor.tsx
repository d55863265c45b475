import { Fragment, useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { MESSAGES, TAG_MESSAGES, TEAM_UI_MESSAGES } from '#shared/messages.ts';
import { can } from '#shared/roles.ts';
import { POST_HISTORY_LABELS, POST_RICH_FIELDS, postFieldsIn } from '#shared/post-fields.ts';
import { createPost, previewLink, updatePost } from '#shared/api/blog.ts';
import type { Autosave } from '#shared/api/autosave.ts';
import { newsletterAudience } from '#shared/api/newsletter.ts';
import type { AdminPost, BlogCategory } from '#shared/schemas/blog.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { useAccount, useCan } from '#app/features/admin/account.ts';
import { HistoryButton } from '#app/features/history/HistoryButton.tsx';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import { ApiError, call } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import { failureMessage, useSubmit } from '#app/lib/use-submit.ts';
import { isEditConflict } from '#app/features/edit-conflicts/conflict-error.ts';
import { usePresence } from '#app/features/edit-conflicts/presence.ts';
import { PresenceNotice } from '#app/features/edit-conflicts/PresenceNotice.tsx';
import { AuthorsPanel } from './AuthorsPanel';
import { AutosaveStatus } from './AutosaveStatus';
import { ConflictPanel } from './ConflictPanel';
import { DeliveryReport } from './DeliveryReport';
import { useEditConflict } from './edit-conflict';
import { NewsletterTools } from './NewsletterTools';
import { PostFieldControl } from './PostFieldControl';
import { PostStatsPanel } from './PostStatsPanel';
import { bodyOf, formOf, type PostFormValues } from './post-form';
import { mailsOnSave, usePublishConfirm } from './publish-confirm';
import { PublishingPanel } from './PublishingPanel';
import { ReviewPanel } from './ReviewPanel';
import { SaveButtons } from './SaveButtons';
import { SEO_TEXT_FIELDS, SeoFields } from './SeoFields';
import { TagInput } from './TagInput';
import { usePostAutosave } from './use-autosave';

/** The main column: the spec's fields in the registry's order, the tall rich-text editor last. */
const MAIN_FIELDS = [
  ...postFieldsIn('post').filter((field) => field.kind !== 'rich'),
  ...postFieldsIn('post').filter((field) => field.kind === 'rich'),
];

/** The fields that show the server's refusal under them; a refusal of any other field is only a toast. */
const SHOWN_ERRORS: readonly string[] = ['publishAt', ...SEO_TEXT_FIELDS];

export interface PostEditorProps {
  categories: BlogCategory[];
  /** The post being edited; null for a new one (or when it failed to load). */
  post: AdminPost | null;
  editing: boolean;
  timeZone: string;
  /** The server's autosave of the post when the editor opened. */
  autosave: Autosave | null;
  /** Every existing tag's name: the tag input's suggestions. */
  tagNames?: string[];
}

/** The post editor (create and edit): its fields, publishing, newsletter, search fields and autosave. */
export function PostEditor({ categories, post, editing, timeZone, autosave, tagNames = [] }: PostEditorProps) {
  const navigate = useNavigate();
  const account = useAccount();
  // Unknown (the server did not say): the spec's editor, as before roles; the server decides anyway.
  const mayPublish = !account || can(account, 'posts.publish');
  const reviewer = account !== null && can(account, 'posts.review');
  // A Contributor's post is theirs while it is a draft or waits for review (docs/product.md#review).
  const locked = !mayPublish && post !== null && post.status !== 'draft' && post.status !== 'pending';
  const [values, setValues] = useState(() => formOf(post, timeZone, mayPublish));
  const [savedValues, setSavedValues] = useState(values);
  const conflict = useEditConflict<[asDraft: boolean, forReview: boolean]>(post, timeZone);
  const others = usePresence(editing && post ? `post:${post._id}` : null, values);
  const dirty = JSON.stringify(values) !== JSON.stringify(savedValues);
  const guard = useUnsavedChanges(dirty);
  const autosaved = usePostAutosave({ key: post?._id ?? 'new', values, dirty, server: autosave, stored: savedValues });
  const [errors, setErrors] = useState<Partial<Record<keyof PostFormValues, string>>>({});
  const [audience, setAudience] = useState<number | null>(null);
  // The newsletter's controls and its audience only for those who may send it (shared/roles.ts).
  const mayNewsletter = useCan('newsletters');
  // A saved post's figures for those who may see analytics (never a Contributor: docs/product.md#analytics).
  const mayAnalytics = account !== null && can(account, 'analytics');
  const saving = useSubmit();
  const opening = useSubmit();
  const emailed = post?.newsletter.sent ?? false;
  const confirm = usePublishConfirm(mailsOnSave(values, { emailed, mayNewsletter, audience }), audience);
  const set = <K extends keyof PostFormValues>(name: K, value: PostFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  useEffect(() => {
    if (!mayNewsletter) return;
    call(newsletterAudience)
      .then((a) => setAudience(a.confirmed))
      .catch(() => setAudience(null));
  }, [mayNewsletter]);

  const save = async (asDraft: boolean, forReview = false) => {
    const body = bodyOf(values, timeZone, { asDraft, forReview, isNew: !(editing && post) });
    const saved = await saving.run(
      () =>
        editing && post
          ? call(updatePost, { params: { id: post._id }, body: { ...body, _id: post._id, baseVersion: conflict.base } })
          : call(createPost, { body }),
      {
        success: forReview ? TEAM_UI_MESSAGES.submitted : editing && post ? MESSAGES.blogUpdated : MESSAGES.blogCreated,
        onFailure: (err) => {
          // Saved meanwhile by someone else: both versions side by side, nothing lost.
          if (isEditConflict(err)) return void conflict.show([asDraft, forReview]);
          // A field the server refused is shown under it; anything else as a toast.
          const message = failureMessage(err);
          const field = err instanceof ApiError ? err.field : undefined;
          if (field && SHOWN_ERRORS.includes(field)) {
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
            <HistoryButton
              doc={{ type: 'post', id: post._id }}
              labels={{ ...POST_HISTORY_LABELS, tags: TAG_MESSAGES.tagsLabel }}
              richFields={POST_RICH_FIELDS}
            />
            <Button variant="outline-secondary" disabled={opening.busy} onClick={() => openPreview(post._id)}>
              Preview
            </Button>
          </div>
        ) : null}
      </div>
      {post ? (
        <ReviewPanel
          post={post}
          reviewer={reviewer}
          onSentBack={() => {
            guard.markSaved();
            navigate('/admin/blogs');
          }}
        />
      ) : null}
      {locked ? <Alert variant="secondary">{TEAM_UI_MESSAGES.notYoursToEdit}</Alert> : null}
      <PresenceNotice others={others} what="post" />
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
      {conflict.theirs ? (
        <ConflictPanel
          theirs={conflict.theirs}
          mine={values}
          categories={categories}
          busy={saving.busy}
          onUseTheirs={(name) => set(name, conflict.theirs![name])}
          onTakeTheirs={() => {
            setValues(conflict.theirs!);
            setSavedValues(conflict.theirs!);
            conflict.close();
          }}
          onKeepMine={() => conflict.refused && void save(...conflict.refused)}
        />
      ) : null}
      <form
        noValidate
        aria-label="Blog"
        onSubmit={(event) => {
          event.preventDefault();
          if (locked) return;
          if (mayPublish) confirm.ask(() => void save(false));
          else void save(false, true);
        }}
      >
        <div className="row g-4">
          <div className="col-xl-8">
            {MAIN_FIELDS.map((field) => (
              <Fragment key={field.name}>
                <PostFieldControl
                  field={field}
                  value={values[field.name]}
                  categories={categories}
                  onChange={(value) => set(field.name, value)}
                />
                {field.kind === 'category' ? (
                  <TagInput value={values.tags} known={tagNames} onChange={(tags) => set('tags', tags)} />
                ) : null}
              </Fragment>
            ))}
          </div>
          <div className="col-xl-4">
            {mayPublish ? (
              <PublishingPanel
                values={values}
                timeZone={timeZone}
                audience={audience}
                emailed={emailed}
                newsletter={mayNewsletter}
                error={errors.publishAtLocal}
                onChange={set}
              />
            ) : null}
            {post && mayAnalytics ? <PostStatsPanel postId={post._id} /> : null}
            {post ? <AuthorsPanel postId={post._id} authors={post.authors} /> : null}
            {mayNewsletter ? <NewsletterTools postId={post?._id ?? null} /> : null}
            {mayNewsletter && post?.newsletter.sent ? <DeliveryReport postId={post._id} /> : null}
            <SeoFields values={values} errors={errors} onChange={set} />
          </div>
        </div>
        {locked ? null : mayPublish ? (
          <SaveButtons busy={saving.busy} onSaveDraft={() => void save(true)} />
        ) : (
          // Someone who may not publish: a draft, or submitted for review (docs/product.md#review).
          <div className="d-flex flex-wrap gap-2">
            <SpinnerButton type="submit" loading={saving.busy} className="px-4">
              Submit for review
            </SpinnerButton>
            <Button variant="outline-secondary" disabled={saving.busy} onClick={() => void save(true)}>
              Save draft
            </Button>
          </div>
        )}
        <AutosaveStatus state={autosaved.state} dirty={dirty} />
      </form>
      {confirm.dialog}
    </section>
  );
}
