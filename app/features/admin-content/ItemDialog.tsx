import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { RichTextEditor } from '#app/components/ui/RichTextEditor.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';

export interface ItemField<T> {
  name: keyof T & string;
  label: string;
  kind: 'text' | 'textarea' | 'rich' | 'image';
}

interface ItemDialogProps<T> {
  title: string;
  submitLabel: string;
  fields: ItemField<T>[];
  initial: T;
  saving: boolean;
  /** Add dialogs of portfolio and services show their button only once the image is uploaded (SPEC §5). */
  requireImage?: keyof T & string;
  onSubmit: (item: T) => void;
  onClose: () => void;
}

export function ItemDialog<T extends Record<string, string>>({
  title,
  submitLabel,
  fields,
  initial,
  saving,
  requireImage,
  onSubmit,
  onClose,
}: ItemDialogProps<T>) {
  const [item, setItem] = useState<T>(initial);
  const set = (name: keyof T, value: string) => setItem((current) => ({ ...current, [name]: value }));
  const ready = !requireImage || Boolean(item[requireImage]);
  const formId = `item-dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  // Fields get the ids `${formId}-${field}`; a field may be called "title", so the heading uses another suffix.
  const headingId = `${formId}-heading`;
  return (
    <Modal show onHide={onClose} size="lg" centered aria-labelledby={headingId} enforceFocus={false}>
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
          {fields.map((field) => {
            const id = `${formId}-${field.name}`;
            const value = item[field.name] ?? '';
            if (field.kind === 'rich')
              return (
                <RichTextEditor
                  key={field.name}
                  id={id}
                  label={field.label}
                  value={value}
                  onChange={(v) => set(field.name, v)}
                />
              );
            if (field.kind === 'image')
              return (
                <ImageUpload
                  key={field.name}
                  label={field.label}
                  value={value}
                  onUploaded={(url) => set(field.name, url)}
                />
              );
            return (
              <TextField
                key={field.name}
                id={id}
                label={field.label}
                value={value}
                as={field.kind === 'textarea' ? 'textarea' : undefined}
                rows={3}
                onChange={(v) => set(field.name, v)}
              />
            );
          })}
        </form>
      </Modal.Body>
      <Modal.Footer>
        {ready ? (
          <SpinnerButton type="submit" form={formId} loading={saving}>
            {submitLabel}
          </SpinnerButton>
        ) : null}
      </Modal.Footer>
    </Modal>
  );
}
