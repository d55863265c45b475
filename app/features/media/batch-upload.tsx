import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { BATCH_UPLOAD_MESSAGES } from '#shared/messages.ts';
import { uploadImage } from '#shared/api/uploads.ts';
import { call } from '#app/lib/api-client.ts';
import { failureMessage } from '#app/lib/use-submit.ts';

/** How a batch went: how many were sent, and each refused file with the server's reason. */
export interface BatchResult {
  total: number;
  refused: Array<{ name: string; reason: string }>;
}

/**
 * Uploads several images one after another (docs/product.md#media-library). A refused file (a HEIC photo,
 * an SVG, one too large) does not stop the others: the batch goes on and ends with a summary naming each
 * refused file and why, since the toast of one failure would hide which files made it.
 */
export function useBatchUpload(onDone: () => void) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);

  async function upload(files: File[]) {
    if (files.length === 0) return;
    setResult(null);
    const refused: BatchResult['refused'] = [];
    for (const [index, file] of files.entries()) {
      setProgress({ done: index, total: files.length });
      const form = new FormData();
      form.append('image', file);
      try {
        await call(uploadImage, { body: form });
      } catch (err) {
        refused.push({ name: file.name, reason: failureMessage(err) });
      }
    }
    setProgress(null);
    setResult({ total: files.length, refused });
    onDone();
  }

  return { busy: progress !== null, progress, result, upload, dismiss: () => setResult(null) };
}

export function BatchSummary({ result, onClose }: { result: BatchResult; onClose: () => void }) {
  const uploaded = result.total - result.refused.length;
  return (
    <Alert
      variant={result.refused.length ? 'warning' : 'success'}
      dismissible
      onClose={onClose}
      role={result.refused.length ? 'alert' : 'status'}
      data-testid="upload-summary"
    >
      <p className="mb-1">{BATCH_UPLOAD_MESSAGES.summary(uploaded, result.total)}</p>
      {result.refused.length ? (
        <ul className="mb-0 ps-3">
          {result.refused.map((file, index) => (
            <li key={`${index}:${file.name}`}>
              <span className="fw-semibold text-break">{file.name}</span>: {file.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
