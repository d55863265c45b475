import { useId, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { toast } from '#app/lib/toast.tsx';
import { MESSAGES } from '#shared/messages.ts';
import { uploadImage } from '#shared/api/uploads.ts';
import { ApiError, call } from '#app/lib/api-client.ts';
import { MediaPicker } from '#app/components/media/MediaPicker.tsx';

interface ImageUploadProps {
  label: string;
  value: string;
  onUploaded: (url: string) => void;
  /** docs/product.md#image-upload: the section editors take PNG only; the blog takes any image. */
  accept?: string;
  /**
   * Failures: the spec's toast (editors), or the server's reason under the field (the blog, whose spec
   * only logs them, docs/product.md#error-catalogue; a HEIC photo must still say why it failed).
   */
  toastOnError?: boolean;
  error?: string;
  /** Offers a Remove button (an optional picture, such as a post's feature image). */
  removable?: boolean;
}

/**
 * Uploads the chosen file at once (spinner while it goes, then a preview of the stored address), or
 * takes one from the media library.
 */
export function ImageUpload({
  label,
  value,
  onUploaded,
  accept = '.png,image/png',
  toastOnError = true,
  error,
  removable = false,
}: ImageUploadProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pngOnly = accept.includes('png') && !accept.includes('*');

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setFailure(null);
    try {
      const form = new FormData();
      form.append('image', file);
      const { url } = await call(uploadImage, { body: form });
      onUploaded(url);
    } catch (err) {
      if (toastOnError) toast.error(MESSAGES.uploadFailed);
      else {
        console.error('image upload failed', err);
        setFailure(err instanceof ApiError ? err.message : MESSAGES.uploadFailed);
      }
    } finally {
      setUploading(false);
    }
  };

  const shown = error ?? failure ?? undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="file"
        accept={accept}
        disabled={uploading}
        isInvalid={Boolean(shown)}
        onChange={(e) => void upload((e.target as HTMLInputElement).files?.[0])}
      />
      <Form.Control.Feedback type="invalid" role={failure ? 'alert' : undefined}>
        {shown}
      </Form.Control.Feedback>
      <div className="d-flex flex-wrap gap-2 mt-1">
        <Button variant="link" size="sm" className="p-0" onClick={() => setPicking(true)}>
          Choose from the library
        </Button>
        {removable && value ? (
          <Button variant="link" size="sm" className="p-0 text-danger" onClick={() => onUploaded('')}>
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </div>
      <div className="image-upload-preview mt-2">
        {uploading ? (
          <Spinner animation="border" size="sm" role="status" aria-label="Uploading" />
        ) : value ? (
          <img src={value} alt={`${label} preview`} className="img-thumbnail" height={80} />
        ) : null}
      </div>
      {picking ? (
        <MediaPicker
          pngOnly={pngOnly}
          onClose={() => setPicking(false)}
          onPick={(item) => {
            setPicking(false);
            setFailure(null);
            onUploaded(item.url);
          }}
        />
      ) : null}
    </Form.Group>
  );
}
