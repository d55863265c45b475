import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import type { RevisionDocType } from '#shared/api/revisions.ts';
import { HistoryDialog } from './HistoryDialog';

/** Opens the history of a post or a section; a restore reloads the editor with what is now saved. */
export function HistoryButton({
  doc,
  labels,
  richFields,
}: {
  doc: { type: RevisionDocType; id: string };
  labels: Record<string, string>;
  richFields: ReadonlySet<string>;
}) {
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  return (
    <>
      <Button variant="outline-secondary" onClick={() => setOpen(true)}>
        History
      </Button>
      {open ? (
        <HistoryDialog
          doc={doc}
          labels={labels}
          richFields={richFields}
          onClose={() => setOpen(false)}
          onRestored={() => {
            setOpen(false);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </>
  );
}
