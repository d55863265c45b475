import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { ItemDialog, type ItemField } from './ItemDialog';
import { IconButton } from '#app/components/ui/IconButton.tsx';

export interface Column<T> {
  label: string;
  render: (item: T) => React.ReactNode;
}

interface ItemsTableProps<T> {
  items: T[];
  columns: Column<T>[];
  fields: ItemField<T>[];
  /** Dialog titles, e.g. { add: 'Add Portfolio', edit: 'Edit Portfolio' }; no `add` means no Add New. */
  titles: { add?: string; edit: string };
  empty: T;
  canDelete?: boolean;
  requireImageToAdd?: keyof T & string;
  saving: boolean;
  /** Saves the section with the new list at once (SPEC §4); true on success. */
  onSave: (items: T[]) => Promise<boolean>;
}

type Dialog = { mode: 'add' } | { mode: 'edit'; index: number } | null;

/** The items of a section: add appends, edit replaces in place, delete removes after a confirmation. */
export function ItemsTable<T extends Record<string, string>>(props: ItemsTableProps<T>) {
  const { items, columns, fields, titles, empty, saving, onSave } = props;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const submit = async (item: T) => {
    const next = dialog?.mode === 'edit' ? items.map((old, i) => (i === dialog.index ? item : old)) : [...items, item];
    if (await onSave(next)) setDialog(null);
  };

  return (
    <div className="mt-4">
      {titles.add ? (
        <div className="d-flex justify-content-end mb-2">
          <Button onClick={() => setDialog({ mode: 'add' })}>Add New</Button>
        </div>
      ) : null}
      <div className="table-responsive">
        <Table striped bordered hover className="align-middle admin-items-table bg-white">
          <thead>
            <tr>
              <th scope="col">#</th>
              {columns.map((c) => (
                <th scope="col" key={c.label}>
                  {c.label}
                </th>
              ))}
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={index}>
                <td>{index + 1}</td>
                {columns.map((c) => (
                  <td key={c.label}>{c.render(item)}</td>
                ))}
                <td className="text-nowrap">
                  <IconButton
                    kind="edit"
                    label={`Edit item ${index + 1}`}
                    onClick={() => setDialog({ mode: 'edit', index })}
                  />
                  {props.canDelete ? (
                    <IconButton kind="delete" label={`Delete item ${index + 1}`} onClick={() => setDeleting(index)} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {dialog ? (
        <ItemDialog
          title={dialog.mode === 'add' ? titles.add! : titles.edit}
          submitLabel={dialog.mode === 'add' ? 'Add' : 'Update'}
          fields={fields}
          initial={dialog.mode === 'add' ? empty : items[dialog.index]!}
          saving={saving}
          requireImage={dialog.mode === 'add' ? props.requireImageToAdd : undefined}
          onSubmit={(item) => void submit(item)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        show={deleting !== null}
        message="Delete this item? The change is saved at once."
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const index = deleting;
          setDeleting(null);
          if (index !== null) void onSave(items.filter((_, i) => i !== index));
        }}
      />
    </div>
  );
}
