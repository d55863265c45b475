import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { MESSAGES, SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import { useLazyForm } from '#app/lib/use-form.ts';
import { SUBSCRIBE_FORM_ACTION, type SubscribePostResult } from './subscribe-post';

const request = () => import('./subscribe-request');

/**
 * STAY IN THE KNOW: subscribe to new posts (docs/product.md#subscriptions, docs/product.md#subscription-e-mail-rule, docs/product.md#error-catalogue).
 * `posted`: the server's answer to the box posted before the page's scripts ran (or without them), shown
 * as the script would have: the address as typed and its error (docs/product.md#forms-without-javascript).
 */
/**
 * A page's subscribe block (app/features/page-blocks/SubscribeBlock.tsx) shows the same box under its own words,
 * posting to its own page and saying "check your inbox" once its post went through; without these props the
 * box is the blog's.
 */
interface SubscribeBoxPlace {
  heading?: string;
  text?: string;
  action?: string;
  sent?: boolean;
  className?: string;
  headingClassName?: string;
}

export function SubscribeBox({
  blogId,
  posted,
  heading = 'STAY IN THE KNOW',
  text = 'Get an e-mail when we publish a new article.',
  action = SUBSCRIBE_FORM_ACTION,
  sent = false,
  className = 'blog-sidebar-box subscribe-box',
  headingClassName = 'h6 text-uppercase',
}: { blogId?: string; posted?: SubscribePostResult } & SubscribeBoxPlace) {
  const form = useLazyForm(
    () => request().then((m) => m.subscribeFormSchema),
    { email: posted?.email ?? '' },
    posted?.error ? { email: posted.error } : {},
  );
  const sending = useSubmit();
  const [confirmNeeded, setConfirmNeeded] = useState(sent);
  // Without scripts there is no toast: the server's reason is said under the button instead.
  const [serverMessage, setServerMessage] = useState(posted?.message ?? null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerMessage(null);
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
    <section className={className} aria-labelledby="subscribe-title">
      <h2 id="subscribe-title" className={headingClassName}>
        {heading}
      </h2>
      {text ? <p className="small mb-2">{text}</p> : null}
      {/* A real form post until the scripts run (the server answers it the same way); then the script's. */}
      <Form noValidate method="post" action={action} onSubmit={submit}>
        <input type="hidden" name="blogId" value={blogId ?? ''} />
        <Form.Group controlId="subscribe-email" className="mb-2">
          <Form.Label className="visually-hidden">Email address</Form.Label>
          <Form.Control
            type="email"
            name="email"
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
        {serverMessage ? (
          <p className="small text-danger mt-2 mb-0" role="alert">
            {serverMessage}
          </p>
        ) : null}
        {confirmNeeded ? (
          <p className="small mt-2 mb-0" role="status" data-testid="subscribe-confirm-note">
            {SUBSCRIBE_MESSAGES.checkInbox}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
