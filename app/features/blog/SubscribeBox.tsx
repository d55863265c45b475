import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { MESSAGES, SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import { useLazyForm } from '#app/lib/use-form.ts';

const request = () => import('./subscribe-request');

/** STAY IN THE KNOW: subscribe to new posts (docs/product.md#subscriptions, docs/product.md#subscription-e-mail-rule, docs/product.md#error-catalogue). */
export function SubscribeBox({ blogId }: { blogId?: string }) {
  const form = useLazyForm(() => request().then((m) => m.subscribeFormSchema), { email: '' });
  const sending = useSubmit();
  const [confirmNeeded, setConfirmNeeded] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = await form.validate();
    if (!input) return;
    const { sendSubscription } = await request();
    const sent = await sending.run(() => sendSubscription(input.email, blogId ?? null), {
      success: MESSAGES.subscribed,
    });
    if (sent) form.reset();
    setConfirmNeeded(sent);
  };

  return (
    <section className="blog-sidebar-box subscribe-box" aria-labelledby="subscribe-title">
      <h2 id="subscribe-title" className="h6 text-uppercase">
        STAY IN THE KNOW
      </h2>
      <p className="small mb-2">Get an e-mail when we publish a new article.</p>
      <Form noValidate onSubmit={submit}>
        <Form.Group controlId="subscribe-email" className="mb-2">
          <Form.Label className="visually-hidden">Email address</Form.Label>
          <Form.Control
            type="email"
            placeholder="Your e-mail address"
            autoComplete="email"
            value={form.values.email}
            isInvalid={Boolean(form.errors.email)}
            onChange={(e) => form.change('email', e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{form.errors.email}</Form.Control.Feedback>
        </Form.Group>
        <SpinnerButton type="submit" loading={sending.busy} className="w-100">
          Subscribe
        </SpinnerButton>
        {confirmNeeded ? (
          <p className="small mt-2 mb-0" role="status" data-testid="subscribe-confirm-note">
            {SUBSCRIBE_MESSAGES.checkInbox}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
