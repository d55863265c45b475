import { useEffect, useState } from 'react';
import { Badge, Button, ListGroup, Modal, Spinner } from 'react-bootstrap';
import { formatDate } from '#shared/format.ts';
import { UI_MESSAGES } from '#shared/messages.ts';
import {
  getRevision,
  listRevisions,
  restoreRevision,
  type RevisionDetail,
  type RevisionDocType,
  type RevisionSummary,
} from '#shared/api/revisions.ts';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { FieldValue } from './FieldValue';

const when = (iso: string) =>
  `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })}`;

interface HistoryDialogProps {
  doc: { type: RevisionDocType; id: string };
  /** Field names as the editor labels them. */
  labels: Record<string, string>;
  /** The fields (top-level and of items) that hold rich text: rendered; every other field shows as text. */
  richFields: ReadonlySet<string>;
  onClose: () => void;
  /** After a restore: the editor reloads what is now saved. */
  onRestored: () => void;
}

/**
 * A post's or a section's history (docs/product.md#revisions): every save, newest first, with who saved
 * it and which fields changed; one opens to show each changed field before and after (rich text
 * rendered), and can be restored in one click, which is itself a new revision.
 */
/** The review steps of a post's history (docs/product.md#review). */
const REVIEW_STEPS = {
  submit: 'Submitted for review',
  changes: 'Changes requested',
  publish: 'Published after review',
};

export function HistoryDialog({ doc, labels, richFields, onClose, onRestored }: HistoryDialogProps) {
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [open, setOpen] = useState<RevisionDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const restoring = useSubmit();

  useEffect(() => {
    call(listRevisions, { params: { docType: doc.type, docId: doc.id } })
      .then(setRevisions)
      .catch(() => setFailed(true));
  }, [doc.type, doc.id]);

  const show = (id: string) =>
    call(getRevision, { params: { id } })
      .then(setOpen)
      .catch(() => setFailed(true));
  const label = (field: string) => labels[field] ?? field;

  return (
    <Modal show onHide={onClose} size="lg" scrollable centered aria-labelledby="history-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" id="history-title" className="h5">
          {open ? `Version of ${when(open.createdAt)}` : 'History'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {failed ? <p className="text-danger">{UI_MESSAGES.historyFailed}</p> : null}
        {!open && !revisions && !failed ? (
          <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
        ) : null}
        {!open && revisions ? (
          <ListGroup data-testid="revisions">
            {revisions.map((r, index) => (
              <ListGroup.Item key={r._id} action onClick={() => void show(r._id)} className="d-flex flex-wrap gap-2">
                <span className="fw-semibold">{when(r.createdAt)}</span>
                <span className="text-body-secondary">by {r.author}</span>
                {index === 0 ? <Badge bg="success">Current</Badge> : null}
                {r.action === 'restore' ? <Badge bg="info">Restored</Badge> : null}
                {r.action in REVIEW_STEPS ? (
                  <Badge bg="warning" text="dark">
                    {REVIEW_STEPS[r.action as keyof typeof REVIEW_STEPS]}
                  </Badge>
                ) : null}
                <span className="small w-100 text-body-secondary">
                  {r.changed.length ? `Changed: ${r.changed.map(label).join(', ')}` : 'First version'}
                </span>
                {r.note ? <span className="small w-100 review-note-text">“{r.note}”</span> : null}
              </ListGroup.Item>
            ))}
          </ListGroup>
        ) : null}
        {open ? (
          <div data-testid="revision-detail">
            <p className="text-body-secondary">
              Saved by {open.author}.{' '}
              {open.changed.length ? 'What this save changed, before and after:' : 'The first version.'}
            </p>
            {(open.changed.length ? open.changed : Object.keys(open.data)).map((field) => (
              <section key={field} className="revision-field mb-3">
                <h3 className="h6">{label(field)}</h3>
                <div className="row g-2">
                  {open.previous && open.changed.length ? (
                    <div className="col-md-6">
                      <div className="small text-body-secondary">Before</div>
                      <FieldValue name={field} value={open.previous[field]} richFields={richFields} />
                    </div>
                  ) : null}
                  <div className={open.previous && open.changed.length ? 'col-md-6' : 'col-12'}>
                    {open.previous && open.changed.length ? (
                      <div className="small text-body-secondary">After</div>
                    ) : null}
                    <FieldValue name={field} value={open.data[field]} richFields={richFields} />
                  </div>
                </div>
              </section>
            ))}
          </div>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        {open ? (
          <>
            <Button variant="outline-secondary" onClick={() => setOpen(null)}>
              Back to the list
            </Button>
            <Button
              disabled={restoring.busy}
              onClick={() =>
                void restoring
                  .run(() => call(restoreRevision, { params: { id: open._id } }), {
                    success: UI_MESSAGES.restored(when(open.createdAt)),
                  })
                  .then((ok) => ok && onRestored())
              }
            >
              Restore this version
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
