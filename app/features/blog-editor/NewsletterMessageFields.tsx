import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { Form } from 'react-bootstrap';
import { getNewsletterMessage, saveNewsletterMessage } from '#shared/api/newsletter.ts';
import { NEWSLETTER_MESSAGES } from '#shared/messages.ts';
import {
  NEWSLETTER_PREHEADER_MAX,
  NEWSLETTER_SUBJECT_MAX,
  newsletterMessageInput,
  type NewsletterMessage,
} from '#shared/schemas/newsletter.ts';
import { ApiError, call } from '#app/lib/api-client.ts';
import { failureMessage } from '#app/lib/use-submit.ts';
import { toast } from '#app/lib/toast.tsx';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';

type Field = 'subject' | 'preheader';
type Values = Record<Field, string>;

/**
 * The subject and preheader of a post's newsletter as the editor types them: read from the server, checked
 * with the API's own rules as they are typed, and kept on the server when a field is left (or before a
 * preview) so that publishing sends them; a test send uses what is typed. Once the post has been e-mailed
 * they show what it was sent with and no longer change (docs/product.md#newsletter-tools).
 */
export function useNewsletterMessage(postId: string) {
  const [message, setMessage] = useState<NewsletterMessage | null>(null);
  const [values, setValues] = useState<Values>({ subject: '', preheader: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  // Typed but not yet kept (the field not left yet): the editor's unsaved-changes guard asks before a
  // reload, a closed tab or a link away throws it out (docs/product.md#unsaved-changes).
  const dirty = Boolean(
    message &&
    !message.sent &&
    (values.subject.trim() !== message.subject || values.preheader.trim() !== message.preheader),
  );
  useUnsavedChanges(dirty);

  useEffect(() => {
    let current = true;
    call(getNewsletterMessage, { params: { id: postId } })
      .then((m) => {
        if (!current) return;
        setMessage(m);
        setValues({ subject: m.subject, preheader: m.preheader });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [postId]);

  /** The API's message for each field that breaks its rules, by field. */
  const check = (next: Values): Partial<Values> => {
    const parsed = newsletterMessageInput.safeParse(next);
    if (parsed.success) return {};
    return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  };

  const set = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors(check(next));
  };

  /** Keeps what is typed on the server unless it already is; false when it could not be kept. */
  const save = useCallback(async (): Promise<boolean> => {
    if (!message || message.sent) return true;
    const trimmed = { subject: values.subject.trim(), preheader: values.preheader.trim() };
    if (trimmed.subject === message.subject && trimmed.preheader === message.preheader) return true;
    const invalid = check(values);
    if (Object.keys(invalid).length) {
      setErrors(invalid);
      return false;
    }
    try {
      const saved = await call(saveNewsletterMessage, { params: { id: postId }, body: trimmed });
      setMessage(saved);
      return true;
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'subject' || err.field === 'preheader')) {
        setErrors({ [err.field]: err.message });
      } else toast.error(failureMessage(err));
      return false;
    }
  }, [message, postId, values]);

  /**
   * Turns click counting on or off at once (a box has nothing to leave), with the subject and preheader as
   * they are kept: what is being typed is kept when its field is left, as always.
   */
  const setCountClicks = useCallback(
    async (on: boolean) => {
      if (!message || message.sent) return;
      const body = { subject: message.subject, preheader: message.preheader, countClicks: on };
      setMessage({ ...message, countClicks: on });
      try {
        setMessage(await call(saveNewsletterMessage, { params: { id: postId }, body }));
      } catch (err) {
        setMessage(message);
        toast.error(failureMessage(err));
      }
    },
    [message, postId],
  );

  return { message, values, errors, set, save, setCountClicks };
}

/** The two fields, in the Newsletter panel of the post editor. */
export function NewsletterMessageFields({ state }: { state: ReturnType<typeof useNewsletterMessage> }) {
  const { message, values, errors, set, save, setCountClicks } = state;
  if (!message) return null;
  const sent = message.sent;
  // Enter keeps the text instead of submitting the post's form (which would save, and maybe publish, it).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void save();
  };
  const field = (name: Field, label: string, max: number, placeholder: string, help: string) => (
    <Form.Group controlId={`newsletter-${name}`} className="mb-2">
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        value={values[name]}
        placeholder={placeholder}
        maxLength={max}
        readOnly={sent}
        isInvalid={Boolean(errors[name])}
        aria-describedby={`newsletter-${name}-help`}
        onChange={(e) => set(name, e.target.value)}
        onBlur={() => void save()}
        onKeyDown={onKeyDown}
      />
      <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
      <Form.Text id={`newsletter-${name}-help`} className="d-block">
        {help}
      </Form.Text>
    </Form.Group>
  );
  return (
    <div className="mb-2" data-testid="newsletter-message">
      {sent ? <p className="small mb-2">{NEWSLETTER_MESSAGES.sentWith}</p> : null}
      {field(
        'subject',
        'E-mail subject',
        NEWSLETTER_SUBJECT_MAX,
        message.defaults.subject,
        sent ? '' : NEWSLETTER_MESSAGES.subjectHelp(message.defaults.subject),
      )}
      {field(
        'preheader',
        'Preheader',
        NEWSLETTER_PREHEADER_MAX,
        message.defaults.preheader,
        sent ? '' : NEWSLETTER_MESSAGES.preheaderHelp,
      )}
      {sent ? (
        message.countClicks ? (
          <p className="small mb-2">{NEWSLETTER_MESSAGES.countClicksSent}</p>
        ) : null
      ) : (
        <Form.Group controlId="newsletter-count-clicks" className="mb-2">
          <Form.Check
            type="checkbox"
            label={NEWSLETTER_MESSAGES.countClicks}
            checked={Boolean(message.countClicks)}
            aria-describedby="newsletter-count-clicks-help"
            onChange={(e) => void setCountClicks(e.target.checked)}
          />
          <Form.Text id="newsletter-count-clicks-help" className="d-block">
            {NEWSLETTER_MESSAGES.countClicksHelp} {NEWSLETTER_MESSAGES.opensNotTracked}
          </Form.Text>
        </Form.Group>
      )}
    </div>
  );
}
