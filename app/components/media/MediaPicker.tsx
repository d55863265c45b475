import { useState } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { webpSrcSet } from '#shared/paths.ts';
import type { MediaItem } from '#shared/api/uploads.ts';
import { useMedia } from './use-media';

/** A library image shown small: its 480 px WebP when there is one. */
export function Thumbnail({ item }: { item: MediaItem }) {
  const small = webpSrcSet(item.url)?.split(',')[0]?.split(' ')[0] ?? item.url;
  return <img src={small} alt={item.alt} loading="lazy" className="media-thumb" width={160} height={120} />;
}

/**
 * Choose an image from the library (docs/product.md#media-library): a searchable grid of everything
 * uploaded; `accept` limits it to PNG for the fields that take PNG only.
 */
export function MediaPicker({
  onPick,
  onClose,
  pngOnly = false,
}: {
  onPick: (item: MediaItem) => void;
  onClose: () => void;
  pngOnly?: boolean;
}) {
  const [search, setSearch] = useState('');
  const media = useMedia(search);
  const items = media.items?.filter((item) => !pngOnly || item.mimeType === 'image/png');
  return (
    <Modal show onHide={onClose} size="xl" scrollable centered aria-labelledby="media-picker-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" id="media-picker-title" className="h5">
          Choose from the library
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Control
          type="search"
          placeholder="Search by file name or alt text"
          aria-label="Search the library"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="mb-3"
        />
        {media.failed ? <p className="text-danger">The library could not be loaded.</p> : null}
        {!items && !media.failed ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
        {items && items.length === 0 ? (
          <p className="text-body-secondary">No images{search ? ' match' : ' yet'}.</p>
        ) : null}
        <div className="media-grid">
          {items?.map((item) => (
            <button
              key={item._id}
              type="button"
              className="media-pick"
              onClick={() => onPick(item)}
              aria-label={`Choose ${item.name || item.url}`}
            >
              <Thumbnail item={item} />
              <span className="small text-truncate d-block">{item.name || item.url.split('/').pop()}</span>
            </button>
          ))}
        </div>
        {media.more ? (
          <Button variant="outline-secondary" className="mt-3" onClick={media.more}>
            More
          </Button>
        ) : null}
      </Modal.Body>
    </Modal>
  );
}
