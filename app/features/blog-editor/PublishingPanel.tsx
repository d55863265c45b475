import { Form } from 'react-bootstrap';
import type { PostStatus } from '#shared/schemas/blog.ts';
import type { PostFormValues } from './post-form';

const STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
  pending: 'Pending review',
};

interface PublishingPanelProps {
  values: PostFormValues;
  timeZone: string;
  /** Confirmed subscribers a newsletter would go to now; null while it loads. */
  audience: number | null;
  /** The post has been e-mailed: it never is again. */
  emailed: boolean;
  /** The person may send newsletters: without it the panel has no newsletter line. */
  newsletter: boolean;
  error?: string;
  onChange: <K extends keyof PostFormValues>(name: K, value: PostFormValues[K]) => void;
}

/** Status (draft, published or scheduled with its date and time) and whether publishing e-mails the post. */
export function PublishingPanel({
  values,
  timeZone,
  audience,
  emailed,
  newsletter,
  error,
  onChange,
}: PublishingPanelProps) {
  const publishes = (values.status === 'published' || values.status === 'scheduled') && newsletter;
  return (
    <fieldset className="admin-panel mb-3">
      <legend className="h6">Publishing</legend>
      <div className="row g-3">
        <Form.Group className="col-12" controlId="blog-status">
          <Form.Label>Status</Form.Label>
          <Form.Select value={values.status} onChange={(e) => onChange('status', e.target.value as PostStatus)}>
            {/* Pending is offered only to a post that waits for review (a writer's "Submit for review"). */}
            {(
              ['draft', 'published', 'scheduled', ...(values.status === 'pending' ? ['pending' as const] : [])] as const
            ).map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {values.status === 'scheduled' ? (
          <Form.Group className="col-12" controlId="blog-publish-at">
            <Form.Label>Publish on ({timeZone})</Form.Label>
            <Form.Control
              type="datetime-local"
              value={values.publishAtLocal}
              isInvalid={Boolean(error)}
              onChange={(e) => onChange('publishAtLocal', e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        ) : null}
      </div>
      {publishes ? (
        emailed ? (
          <p className="small text-body-secondary mt-3 mb-0">This post has been e-mailed to the subscribers.</p>
        ) : (
          <Form.Check
            className="mt-3"
            id="blog-send-newsletter"
            type="checkbox"
            checked={values.sendNewsletter}
            onChange={(e) => onChange('sendNewsletter', e.target.checked)}
            label={`E-mail this post to ${audience ?? '…'} ${audience === 1 ? 'subscriber' : 'subscribers'}`}
          />
        )
      ) : null}
    </fieldset>
  );
}
