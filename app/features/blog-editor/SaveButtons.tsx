import { Button } from 'react-bootstrap';
import { PUBLISH_CONFIRM_MESSAGES } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';

/**
 * The spec's Save (the form's submit: it saves with the chosen status) and, beside it, "Save as draft",
 * which saves a draft whatever the status select says (docs/product.md#drafts-and-scheduling).
 */
export function SaveButtons({ busy, onSaveDraft }: { busy: boolean; onSaveDraft: () => void }) {
  return (
    <div className="d-flex flex-wrap gap-2">
      <SpinnerButton type="submit" loading={busy} className="px-5">
        Save
      </SpinnerButton>
      <Button variant="outline-secondary" disabled={busy} onClick={onSaveDraft}>
        {PUBLISH_CONFIRM_MESSAGES.saveAsDraft}
      </Button>
    </div>
  );
}
