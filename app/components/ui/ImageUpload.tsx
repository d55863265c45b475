import { useId, useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { toast } from '#app/lib/toast.tsx';
import { MESSAGES } from '#shared/messages.ts';
import { uploadImage } from '#shared/api/uploads.ts';
import { call } from '#app/lib/api-client.ts';

interface ImageUploadProps {
  label: string;
  value: string;
  onUploaded: (url: string) => void;
  /** docs/product.md#image-upload: the section editors take PNG only; the blog takes any image. */
  accept?: string;
  /** Show the failure toast (editors) or only log it (blog, docs/product.md#error-catalogue). */
  toastOnError?: boolean;
  error?: string;
}

/** Uploads the chosen file at once: spinner while it goes, then a preview of the stored address. */
export function ImageUpload({
  label,
  value,
  onUploaded,
  accept = '.png,image/png',
  toastOnError = true,
  error,
}: ImageUploadProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.append('image', file);
      const { url } = await call(uploadImage, { body: form });
      onUploaded(url);
    } catch (err) {
      if (toastOnError) toast.error(MESSAGES.uploadFailed);
      else console.error('image upload failed', err);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="file"
        accept={accept}
        disabled={uploading}
        isInvalid={Boolean(error)}
        onChange={(e) => void upload((e.target as HTMLInputElement).files?.[0])}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      <div className="image-upload-preview mt-2">
        {uploading ? (
          <Spinner animation="border" size="sm" role="status" aria-label="Uploading" />
        ) : value ? (
          <img src={value} alt={`${label} preview`} className="img-thumbnail" height={80} />
        ) : null}
      </div>
    </Form.Group>
  );
}
