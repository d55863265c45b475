import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { toast } from '#app/lib/toast.tsx';
import { MESSAGES } from '#shared/messages.ts';
import { subscribeFormSchema } from '#shared/schemas/subscribe.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { ApiError, api } from '#app/lib/api-client.ts';
import { useForm } from '#app/lib/use-form.ts';

/** STAY IN THE KNOW: subscribe to new posts (SPEC §2, §5, §8). */
export function SubscribeBox({ blogId }: { blogId?: string }) {
  const form = useForm(subscribeFormSchema, { email: '' });
  const [sending, setSending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    setSending(true);
    try {
      await api('blogs-subscribers/add', { body: { email: input.email, blogId: blogId ?? null } });
      toast.success(MESSAGES.subscribed);
      form.reset();
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      setSending(false);
    }
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
        <SpinnerButton type="submit" loading={sending} className="w-100">
          Subscribe
        </SpinnerButton>
      </Form>
    </section>
  );
}
