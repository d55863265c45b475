import { useState } from 'react';
import { MESSAGES } from '#shared/messages.ts';
import { SECTION_IDS } from '#shared/paths.ts';
import type { ContactForm as ContactFields } from '#shared/schemas/contact.ts';
import { firstErrorPerField } from '#shared/schemas/errors.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { ApiError } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { CONTACT_FORM_ACTION, type ContactPostResult } from './contact-post';

/** The schema and the call, loaded on the first submit (see ./contact-request.ts). */
const request = () => import('./contact-request');

const EMPTY: ContactFields = { firstName: '', lastName: '', email: '', message: '' };

const FIELDS: Array<{ name: keyof ContactFields; label: string; type?: string; autoComplete: string; wide?: boolean }> =
  [
    { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
    { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', wide: true },
  ];

/**
 * `posted`: the server's answer when the form was posted before the page's scripts ran (or without them):
 * the fields as typed, their errors and the outcome, shown as the script would have
 * (docs/product.md#forms-without-javascript).
 */
/**
 * A page's contact block (app/features/page-blocks/ContactBlock.tsx) shows the same form under its own words,
 * its own section id and posting to its own page; without these props the form is the landing page's.
 */
interface ContactFormPlace {
  id?: string;
  heading?: string;
  lead?: string;
  action?: string;
}

const LANDING_LEAD =
  'Tell us about your product idea or the problem you want solved. We answer every message within one business day.';

export function ContactForm({
  posted,
  id = SECTION_IDS.contactUs,
  heading = 'Contact Us',
  lead = LANDING_LEAD,
  action = CONTACT_FORM_ACTION,
}: { posted?: ContactPostResult } & ContactFormPlace) {
  const [values, setValues] = useState<ContactFields>(posted?.values ?? EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof ContactFields, string>>>(posted?.errors ?? {});
  const sending = useSubmit();
  const [serverMessage, setServerMessage] = useState<string | null>(posted?.message ?? null);
  // Without scripts there is no toast: the page says it where the toast would have.
  const [sentNote, setSentNote] = useState(posted?.sent ?? false);
  const [honeypot, setHoneypot] = useState('');

  const change = (name: keyof ContactFields, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // docs/product.md#contact-form-rules: editing a field clears its error.
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerMessage(null);
    setSentNote(false);
    const { contactFormSchema, sendContactMessage } = await request();
    const parsed = contactFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorPerField(parsed.error));
      return;
    }
    const sent = await sending.run(() => sendContactMessage(parsed.data, honeypot), {
      success: MESSAGES.sendMailSuccess,
      // A failed send stops the spinner without a toast (docs/product.md#error-catalogue); a reason the
      // server gives is shown inline.
      onFailure: (err) => {
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) setServerMessage(err.message);
      },
    });
    if (sent) setValues(EMPTY);
  };

  return (
    <section id={id} className="landing-section contact-section" aria-labelledby={`${id}-title`}>
      <div className="container">
        {/* Gutters no wider than the container padding below lg, or the row sticks out of a phone screen. */}
        <div className="row g-4 g-lg-5 align-items-start">
          <div className="col-lg-5">
            <h2 id={`${id}-title`}>{heading}</h2>
            {lead ? <p className="section-lead">{lead}</p> : null}
          </div>
          <div className="col-lg-7">
            {/* Plain Bootstrap form markup rather than react-bootstrap's Form: the landing page's JavaScript stays
                within its budget (docs/decisions/0014-first-paint.md). */}
            {/* A real form post until the scripts run (the server answers it the same way); then the script's. */}
            <form
              noValidate
              method="post"
              action={action}
              onSubmit={submit}
              className="contact-form"
              aria-label="Contact form"
            >
              <div className="row g-3">
                {FIELDS.map((field) => (
                  <div key={field.name} className={field.wide ? 'col-12' : 'col-sm-6'}>
                    <label className="form-label" htmlFor={`contact-${field.name}`}>
                      {field.label}
                    </label>
                    <input
                      id={`contact-${field.name}`}
                      className={`form-control${errors[field.name] ? ' is-invalid' : ''}`}
                      type={field.type ?? 'text'}
                      name={field.name}
                      autoComplete={field.autoComplete}
                      value={values[field.name]}
                      onChange={(e) => change(field.name, e.target.value)}
                    />
                    <div className="invalid-feedback">{errors[field.name]}</div>
                  </div>
                ))}
                <div className="col-12">
                  <label className="form-label" htmlFor="contact-message">
                    Message
                  </label>
                  <textarea
                    id="contact-message"
                    className={`form-control${errors.message ? ' is-invalid' : ''}`}
                    rows={5}
                    name="message"
                    value={values.message}
                    onChange={(e) => change('message', e.target.value)}
                  />
                  <div className="invalid-feedback">{errors.message}</div>
                </div>
                <div className="visually-hidden" aria-hidden="true">
                  <label htmlFor="contact-website">Website</label>
                  <input
                    id="contact-website"
                    name="website"
                    tabIndex={-1}
                    autoComplete="off"
                    value={honeypot}
                    onChange={(e) => setHoneypot(e.target.value)}
                  />
                </div>
                <div className="col-12 d-flex align-items-center gap-3">
                  <SpinnerButton type="submit" loading={sending.busy} className="px-5">
                    Submit
                  </SpinnerButton>
                  {serverMessage ? (
                    <span role="alert" className="text-danger">
                      {serverMessage}
                    </span>
                  ) : null}
                  {sentNote ? (
                    <span role="status" className="text-success fw-semibold" data-testid="contact-sent">
                      {MESSAGES.sendMailSuccess}
                    </span>
                  ) : null}
                </div>
              </div>
            </form>
          </div>
        </div>
      </div>
    </section>
  );
}
