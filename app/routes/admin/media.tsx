import { useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatDate } from '#shared/format.ts';
import { BATCH_UPLOAD_MESSAGES, MESSAGES, UPLOAD_MESSAGES } from '#shared/messages.ts';
import { deleteMedia, updateMedia, type MediaItem } from '#shared/api/uploads.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { Thumbnail } from '#app/components/media/MediaPicker.tsx';
import { useMedia } from '#app/components/media/use-media.ts';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { BatchSummary, useBatchUpload } from '#app/features/media/batch-upload.tsx';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** One image of the library: its preview and facts, its alt text, where it is used, and Delete. */
function MediaCard({ item, onChanged }: { item: MediaItem; onChanged: () => void }) {
  const [alt, setAlt] = useState(item.alt);
  const [confirming, setConfirming] = useState(false);
  const acting = useSubmit();
  const inUse = item.usedIn.length > 0;
  return (
    <article className="media-card" data-testid="media-card">
      <a
        href={item.url}
        target="_blank"
        rel="noreferrer"
        className="d-block"
        aria-label={`Open ${item.name || item.url.split('/').pop()} full size (new tab)`}
      >
        <Thumbnail item={item} />
      </a>
      <div className="small mt-2">
        <div className="fw-semibold text-truncate" title={item.name}>
          {item.name || item.url.split('/').pop()}
        </div>
        <div className="text-body-secondary">
          {item.width} × {item.height} · {size(item.bytes)} · {formatDate(item.createdAt)}
        </div>
      </div>
      <Form
        className="d-flex gap-1 mt-2"
        onSubmit={(e) => {
          e.preventDefault();
          void acting.run(() => call(updateMedia, { params: { id: item._id }, body: { alt } }), {
            success: MESSAGES.updatedSuccessfully,
          });
        }}
      >
        <Form.Control
          size="sm"
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          aria-label={`Alt text of ${item.name}`}
          placeholder="Alt text"
        />
        <Button size="sm" type="submit" variant="outline-primary" disabled={acting.busy || alt === item.alt}>
          Save
        </Button>
      </Form>
      <div className="small mt-2">
        {inUse ? (
          <>
            Used in:{' '}
            {item.usedIn.map((use, index) => (
              <span key={use.path + index}>
                {index ? ', ' : ''}
                <Link to={use.path}>{use.label}</Link>
              </span>
            ))}
          </>
        ) : (
          <span className="text-body-secondary">Not used anywhere</span>
        )}
      </div>
      <Button
        size="sm"
        variant="outline-danger"
        className="mt-2"
        disabled={acting.busy}
        title={inUse ? UPLOAD_MESSAGES.inUse(item.usedIn.map((use) => use.label)) : undefined}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        show={confirming}
        message={`Delete ${item.name || 'this image'}? This cannot be undone.`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void acting.run(() => call(deleteMedia, { params: { id: item._id } })).then((ok) => ok && onChanged());
        }}
      />
    </article>
  );
}

/** The media library (docs/product.md#media-library): every upload, searchable, with where it is used. */
export default function MediaLibrary() {
  const [search, setSearch] = useState('');
  const media = useMedia(search);
  const batch = useBatchUpload(media.reload);
  return (
    <section className="admin-card">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-end mb-3">
        <h1 className="h3 mb-0">Media</h1>
        <Form.Group controlId="media-upload">
          <Form.Label className="small mb-1">Upload images</Form.Label>
          <Form.Control
            type="file"
            accept="image/*"
            multiple
            disabled={batch.busy}
            onChange={(e) => {
              const input = e.target as HTMLInputElement;
              void batch.upload([...(input.files ?? [])]).then(() => {
                // Choosing the same files again must start another batch.
                input.value = '';
              });
            }}
          />
        </Form.Group>
      </div>
      {batch.progress ? (
        <p className="small text-body-secondary" role="status">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          {BATCH_UPLOAD_MESSAGES.progress(batch.progress.done, batch.progress.total)}
        </p>
      ) : null}
      {batch.result ? <BatchSummary result={batch.result} onClose={batch.dismiss} /> : null}
      <Form.Control
        type="search"
        className="mb-3"
        placeholder="Search by file name or alt text"
        aria-label="Search the library"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {!media.items ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {media.items && media.items.length === 0 ? (
        <p className="text-body-secondary">No images{search ? ' match' : ' yet'}.</p>
      ) : null}
      <div className="media-grid">
        {media.items?.map((item) => (
          <MediaCard key={`${item._id}:${item.alt}`} item={item} onChanged={media.reload} />
        ))}
      </div>
      {media.more ? (
        <Button variant="outline-secondary" className="mt-3" onClick={media.more}>
          More
        </Button>
      ) : null}
    </section>
  );
}
