import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { newsletterPreview, newsletterTest, type MailPreview } from '#shared/api/newsletter.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { storedUser } from '#app/lib/session.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { NewsletterMessageFields, useNewsletterMessage } from './NewsletterMessageFields';

/**
 * Before publishing: the newsletter's subject and preheader, the newsletter as subscribers will get it,
 * and a test send to one address (the administrator's unless another is typed). They use the saved post.
 */
export function NewsletterTools({ postId }: { postId: string | null }) {
  if (!postId) {
    return (
      <p className="small text-body-secondary mb-3">
        Save the post (as a draft, say) to preview its e-mail or send a test.
      </p>
    );
  }
  return <SavedPostTools postId={postId} />;
}

function SavedPostTools({ postId }: { postId: string }) {
  const [to, setTo] = useState(() => storedUser()?.email ?? '');
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const message = useNewsletterMessage(postId);
  const sending = useSubmit();
  const loading = useSubmit();
  const { subject, preheader } = message.values;

  return (
    <fieldset className="admin-panel mb-3">
      <legend className="h6">Newsletter</legend>
      <NewsletterMessageFields state={message} />
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId="newsletter-test-to" className="flex-grow-1" style={{ minWidth: 220 }}>
          <Form.Label className="small mb-1">Send a test to</Form.Label>
          <Form.Control type="email" value={to} onChange={(e) => setTo(e.target.value)} />
        </Form.Group>
        <SpinnerButton
          variant="outline-primary"
          loading={sending.busy}
          onClick={() =>
            void sending.run(
              // This send's own subject and preheader: what is typed now (empty: the default).
              () =>
                call(newsletterTest, {
                  params: { id: postId },
                  body: { to: to.trim() || undefined, subject: subject.trim(), preheader: preheader.trim() },
                }),
              {
                success: ({ message }) => message,
              },
            )
          }
        >
          Send a test
        </SpinnerButton>
        <SpinnerButton
          variant="outline-secondary"
          loading={loading.busy}
          onClick={() =>
            void loading.run(async () => {
              // The preview shows what is kept on the server: what is typed is kept first.
              if (await message.save()) setPreview(await call(newsletterPreview, { params: { id: postId } }));
            })
          }
        >
          E-mail preview
        </SpinnerButton>
      </div>
      <Modal
        show={preview !== null}
        onHide={() => setPreview(null)}
        size="lg"
        centered
        aria-labelledby="mail-preview-title"
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" id="mail-preview-title" className="h5">
            {preview?.subject}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="p-0">
          {/* The mail's own HTML, shown as a mail client would: in a frame of its own, without scripts. */}
          {preview ? (
            <iframe title="E-mail as sent" srcDoc={preview.html} sandbox="" className="mail-preview-frame" />
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setPreview(null)}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
    </fieldset>
  );
}
