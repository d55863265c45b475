import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { useUnsavedChanges } from './unsaved-changes';

/**
 * The unsaved-changes rule for dialogs (docs/product.md#unsaved-changes): a dialog with edits asks before
 * Escape, a click beside it or × throws them away, the way leaving a page with a dirty form does; a
 * Cancel or Close button is a choice made on purpose and closes at once. The question is asked inside the dialog (a second modal over the first would fight it for the
 * focus); while it shows, Escape or × again means "keep editing". The sidebar, the back button and a
 * reload are the page guard's, which the dialog joins through `useUnsavedChanges`.
 */
export function useGuardedClose(dirty: boolean, onClose: () => void) {
  const [asking, setAsking] = useState(false);
  const { markSaved } = useUnsavedChanges(dirty);
  const discard = () => {
    markSaved();
    onClose();
  };
  return {
    asking,
    /** For the dialog's `onHide` (Escape, a click beside it, ×). */
    requestClose: () => {
      if (asking) setAsking(false);
      else if (dirty) setAsking(true);
      else onClose();
    },
    /** Shown in place of the dialog's footer buttons while the question is open. */
    question: asking ? <DiscardQuestion onKeep={() => setAsking(false)} onDiscard={discard} /> : null,
  };
}

function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  // The question takes the focus, so a keyboard user hears it and Enter keeps the edits.
  useEffect(() => keep.current?.focus(), []);
  return (
    <div role="alert" className="d-flex flex-wrap align-items-center justify-content-end gap-2 w-100">
      <span className="me-auto fw-semibold">Discard your changes?</span>
      <Button ref={keep} variant="primary" onClick={onKeep}>
        Keep editing
      </Button>
      <Button variant="outline-danger" onClick={onDiscard}>
        Discard changes
      </Button>
    </div>
  );
}

/**
 * A guarded dialog's footer: its Cancel (or Close) and submit buttons, or the discard question in their
 * place while it is asked. `cancel` is left out by dialogs that close only by × (the item dialogs);
 * `submit` while there is nothing to submit yet; `form` names the form when the button is outside it.
 */
export function GuardedFooter({
  close,
  cancel,
  submit,
}: {
  close: { question: ReactNode };
  cancel?: { label: string; onClick: () => void; variant?: 'secondary' | 'outline-secondary' };
  submit?: { label: ReactNode; loading: boolean; form?: string };
}) {
  return (
    <Modal.Footer>
      {close.question ?? (
        <>
          {cancel ? (
            <Button variant={cancel.variant ?? 'secondary'} onClick={cancel.onClick}>
              {cancel.label}
            </Button>
          ) : null}
          {submit ? (
            <SpinnerButton type="submit" form={submit.form} loading={submit.loading}>
              {submit.label}
            </SpinnerButton>
          ) : null}
        </>
      )}
    </Modal.Footer>
  );
}
