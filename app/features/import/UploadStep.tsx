import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { IMPORT_MAX_BYTES, uploadImport, type Import } from '#shared/api/imports.ts';
import { IMPORT_MESSAGES, IMPORT_UI_MESSAGES as T } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import { Progress } from './Progress';

const MB = IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Step 1: the export file and, for WordPress, a ZIP of its uploads, sent in one multipart request with
 * its progress shown (docs/product.md#import). The server answers the analysis; nothing is written yet.
 */
export function UploadStep({ onAnalysed }: { onAnalysed: (made: Import) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [uploads, setUploads] = useState<File | null>(null);
  const [share, setShare] = useState<number | null>(null);
  const sending = useSubmit();

  const analyse = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return toast.error(IMPORT_MESSAGES.noFile);
    if (file.size + (uploads?.size ?? 0) > IMPORT_MAX_BYTES) return toast.error(IMPORT_MESSAGES.tooLarge(MB));
    // The server reads `file` first, then `uploads` (server/routes/api/imports.ts).
    const form = new FormData();
    form.append('file', file);
    if (uploads) form.append('uploads', uploads);
    const answer: { made?: Import } = {};
    setShare(0);
    await sending.run(async () => {
      answer.made = await call(uploadImport, { body: form, onUploadProgress: setShare });
    });
    setShare(null);
    if (answer.made) onAnalysed(answer.made);
  };

  return (
    <form noValidate onSubmit={analyse} aria-labelledby="import-upload-title">
      <h2 className="h5" id="import-upload-title">
        {T.uploadTitle}
      </h2>
      <div className="row g-3 mb-3">
        <Form.Group className="col-12 col-lg-6" controlId="import-file">
          <Form.Label>{T.fileLabel}</Form.Label>
          <Form.Control
            type="file"
            accept=".xml,.json,.zip"
            aria-describedby="import-file-help"
            disabled={sending.busy}
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
          <Form.Text id="import-file-help">{T.fileHelp}</Form.Text>
        </Form.Group>
        <Form.Group className="col-12 col-lg-6" controlId="import-uploads">
          <Form.Label>{T.uploadsLabel}</Form.Label>
          <Form.Control
            type="file"
            accept=".zip"
            aria-describedby="import-uploads-help"
            disabled={sending.busy}
            onChange={(e) => setUploads((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
          <Form.Text id="import-uploads-help">{T.uploadsHelp}</Form.Text>
        </Form.Group>
      </div>
      {share !== null ? (
        <div className="mb-3" data-testid="import-upload-progress">
          <Progress
            share={share}
            label={T.uploadProgress}
            words={share < 1 ? T.uploading(Math.round(share * 100)) : T.analysing}
          />
          <p className="small text-body-secondary mb-0" role="status">
            {share < 1 ? T.uploading(Math.round(share * 100)) : T.analysing}
          </p>
        </div>
      ) : null}
      <div className="d-flex flex-wrap align-items-center gap-3">
        <SpinnerButton type="submit" loading={sending.busy}>
          {T.analyse}
        </SpinnerButton>
        <span className="small text-body-secondary">{T.limit(MB)}</span>
      </div>
    </form>
  );
}
