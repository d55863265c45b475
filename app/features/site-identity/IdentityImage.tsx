import { useId, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { MESSAGES } from '#shared/messages.ts';
import { uploadIdentityImage } from '#shared/api/site-identity.ts';
import { ApiError, call } from '#app/lib/api-client.ts';

export type ImageKind = 'logoLight' | 'logoDark' | 'favicon' | 'shareImage';

/** One image of the identity: uploaded at once (the upload rules' message under the field on failure). */
export function IdentityImage({
  kind,
  label,
  help,
  value,
  onChange,
}: {
  kind: ImageKind;
  label: string;
  help: string;
  value: string | null;
  onChange: (url: string | null) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const form = new FormData();
      form.append('image', file);
      const { url } = await call(uploadIdentityImage, { query: { kind }, body: form });
      onChange(url);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : MESSAGES.uploadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        disabled={busy}
        isInvalid={Boolean(failure)}
        aria-describedby={`${id}-help`}
        onChange={(e) => void upload((e.target as HTMLInputElement).files?.[0])}
      />
      <Form.Control.Feedback type="invalid" role="alert">
        {failure}
      </Form.Control.Feedback>
      <Form.Text id={`${id}-help`}>{help}</Form.Text>
      <div className="d-flex align-items-center gap-3 mt-2">
        {busy ? <Spinner animation="border" size="sm" role="status" aria-label="Uploading" /> : null}
        {value && !busy ? (
          <>
            <img
              src={value}
              alt={`${label} preview`}
              className="img-thumbnail"
              style={{ height: 64, width: 'auto', maxWidth: 240, objectFit: 'contain' }}
            />
            <Button variant="link" size="sm" className="p-0 text-danger" onClick={() => onChange(null)}>
              Remove {label.toLowerCase()}
            </Button>
          </>
        ) : null}
      </div>
    </Form.Group>
  );
}
