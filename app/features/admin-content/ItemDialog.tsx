import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import type { FieldDef } from '#shared/sections.ts';
import { GuardedFooter, useGuardedClose } from '#app/features/unsaved/guarded-close.tsx';
import { FieldControl } from './FieldControl';

type Item = Record<string, string>;

interface ItemDialogProps {
  title: string;
  submitLabel: string;
  fields: readonly FieldDef[];
  initial: Item;
  saving: boolean;
  /** Add dialogs of portfolio and services show their button only once the image is uploaded. */
  requireImage?: string;
  onSubmit: (item: Item) => void;
  onClose: () => void;
}

export function ItemDialog({
  title,
  submitLabel,
  fields,
  initial,
  saving,
  requireImage,
  onSubmit,
  onClose,
}: ItemDialogProps) {
  const [item, setItem] = useState<Item>(initial);
  const close = useGuardedClose(
    fields.some((f) => (item[f.name] ?? '') !== (initial[f.name] ?? '')),
    onClose,
  );
  const ready = !requireImage || Boolean(item[requireImage]);
  const formId = `item-dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  // Fields get the ids `${formId}-${field}`; a field may be called "title", so the heading uses another suffix.
  const headingId = `${formId}-heading`;
  return (
    <Modal show onHide={close.requestClose} size="lg" centered aria-labelledby={headingId} enforceFocus={false}>
      <Modal.Header closeButton>
        <Modal.Title id={headingId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <form
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) onSubmit(item);
          }}
        >
          {fields.map((field) => (
            <FieldControl
              key={field.name}
              id={`${formId}-${field.name}`}
              field={field}
              value={item[field.name] ?? ''}
              onChange={(value) => setItem((current) => ({ ...current, [field.name]: value }))}
            />
          ))}
        </form>
      </Modal.Body>
      <GuardedFooter close={close} submit={ready ? { label: submitLabel, loading: saving, form: formId } : undefined} />
    </Modal>
  );
}
