import { useState } from 'react';
import { Form, Modal } from 'react-bootstrap';
import { addSubscriber, importSubscribers } from '#shared/api/subscribers.ts';
import { TextField } from '#app/components/ui/TextField.tsx';
import { ApiError, call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { GuardedFooter, useGuardedClose } from '#app/features/unsaved/guarded-close.tsx';

export type AddMode = 'one' | 'csv';

/**
 * Adds subscribers by hand or from a CSV file, with where their owners gave consent. Each address gets a
 * confirmation mail unless marked as already confirmed (docs/product.md#subscribers).
 */
export function AddSubscribersDialog({
  mode,
  onClose,
  onAdded,
}: {
  mode: AddMode;
  onClose: () => void;
  onAdded: () => void;
}) {
  const [email, setEmail] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [invalid, setInvalid] = useState<string[]>([]);
  const submitting = useSubmit();
  const title = mode === 'one' ? 'Add a subscriber' : 'Import subscribers';
  // What the form holds; once imported, the same file and source are not edits to lose.
  const entered = JSON.stringify([email, file?.name, file?.size, file?.lastModified, source, confirmed]);
  const [saved, setSaved] = useState(entered);
  const close = useGuardedClose(entered !== saved, onClose);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const done = await submitting.run(
      async () => {
        if (mode === 'one') return call(addSubscriber, { body: { email, source, confirmed } });
        const result = await call(importSubscribers, {
          body: { csv: file ? await file.text() : '', source, confirmed },
        });
        setInvalid(result.invalid);
        return result;
      },
      {
        success: ({ message }) => message,
        onFailure: (err) =>
          setErrors(
            err instanceof ApiError
              ? { [err.field ?? 'form']: err.message }
              : { form: 'The server could not be reached. Please try again.' },
          ),
      },
    );
    if (done) {
      setSaved(entered);
      onAdded();
      if (mode === 'one') onClose();
    }
  };

  return (
    <Modal show onHide={close.requestClose} centered aria-labelledby="add-subscribers-title">
      <form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="add-subscribers-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {mode === 'one' ? (
            <TextField
              id="add-subscriber-email"
              label="E-mail"
              type="email"
              value={email}
              error={errors.email}
              onChange={setEmail}
            />
          ) : (
            <Form.Group className="mb-3" controlId="import-subscribers-file">
              <Form.Label>CSV file (an "email" column, or addresses in the first column)</Form.Label>
              <Form.Control
                type="file"
                accept=".csv,text/csv"
                isInvalid={Boolean(errors.csv)}
                onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
              />
              <Form.Control.Feedback type="invalid">{errors.csv}</Form.Control.Feedback>
            </Form.Group>
          )}
          <TextField
            id="add-subscriber-source"
            label="Where they gave consent"
            value={source}
            error={errors.source}
            onChange={setSource}
          />
          <Form.Check
            id="add-subscriber-confirmed"
            type="checkbox"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            label="They already confirmed: send no confirmation e-mail"
          />
          {errors.form ? (
            <p className="text-danger mt-2 mb-0" role="alert">
              {errors.form}
            </p>
          ) : null}
          {invalid.length ? (
            <div className="mt-3 small" role="status">
              Not imported (not valid addresses): {invalid.slice(0, 20).join(', ')}
              {invalid.length > 20 ? ` and ${invalid.length - 20} more` : ''}
            </div>
          ) : null}
        </Modal.Body>
        <GuardedFooter
          close={close}
          cancel={{ label: 'Close', onClick: onClose }}
          submit={{ label: mode === 'one' ? 'Add' : 'Import', loading: submitting.busy }}
        />
      </form>
    </Modal>
  );
}
