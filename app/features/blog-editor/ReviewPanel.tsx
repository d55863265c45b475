import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { TEAM_MESSAGES, TEAM_UI_MESSAGES } from '#shared/messages.ts';
import { requestChanges } from '#shared/api/review.ts';
import type { AdminPost } from '#shared/schemas/blog.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';

/**
 * The review of a post (docs/product.md#review), above the editor: the reviewer's last note for the
 * writer, and for a reviewer of a pending post the way back with a note (publishing it is the editor's
 * own Save with status Published).
 */
export function ReviewPanel({
  post,
  reviewer,
  onSentBack,
}: {
  post: AdminPost;
  /** The person may publish others' pending posts or send them back (`posts.review`). */
  reviewer: boolean;
  onSentBack: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const sending = useSubmit();

  const send = async () => {
    if (!note.trim()) return setError(TEAM_MESSAGES.reviewNoteRequired);
    const sent = await sending.run(() => call(requestChanges, { params: { id: post._id }, body: { note } }), {
      success: TEAM_MESSAGES.changesRequested,
    });
    if (sent) {
      setAsking(false);
      onSentBack();
    }
  };

  return (
    <>
      {post.review ? (
        <Alert variant="warning" data-testid="review-note">
          <Alert.Heading as="h2" className="h6">
            {TEAM_UI_MESSAGES.changesRequestedBy(post.review.by, new Date(post.review.at).toLocaleString('en-GB'))}
          </Alert.Heading>
          <p className="mb-0 review-note-text">{post.review.note}</p>
        </Alert>
      ) : null}
      {post.status === 'pending' ? (
        <Alert variant="info" className="d-flex flex-wrap gap-2 align-items-center">
          <span className="me-auto">
            {reviewer ? TEAM_UI_MESSAGES.waitsForYourReview : TEAM_UI_MESSAGES.waitsForReview}
          </span>
          {reviewer ? (
            <Button size="sm" variant="outline-dark" onClick={() => setAsking(true)}>
              Request changes
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <Modal show={asking} onHide={() => setAsking(false)} centered aria-labelledby="request-changes-title">
        <Modal.Header closeButton>
          <Modal.Title id="request-changes-title">Request changes</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="review-note">
            <Form.Label>{TEAM_UI_MESSAGES.requestChangesHelp}</Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              value={note}
              isInvalid={Boolean(error)}
              onChange={(e) => {
                setNote(e.target.value);
                setError(undefined);
              }}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <SpinnerButton loading={sending.busy} onClick={() => void send()}>
            Send back
          </SpinnerButton>
        </Modal.Footer>
      </Modal>
    </>
  );
}
