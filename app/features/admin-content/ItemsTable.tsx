import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import type { FieldDef, ItemsDef } from '#shared/sections.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { IconButton } from '#app/components/ui/IconButton.tsx';
import { RichText } from '#app/components/ui/RichText.tsx';
import { UI_MESSAGES } from '#shared/messages.ts';
import { toast } from '#app/lib/toast.tsx';
import { ItemDialog } from './ItemDialog';

type Item = Record<string, string>;
type Table = NonNullable<ItemsDef['table']>;

const THUMB_HEIGHT = 48;

/** A cell shows a field as its kind reads: a thumbnail, clamped rich text, or the text. */
function Cell({ field, value }: { field: FieldDef; value: string }) {
  if (field.kind === 'image') {
    if (!value) return null;
    const width = field.aspect ? Math.round((THUMB_HEIGHT * field.aspect[0]) / field.aspect[1]) : undefined;
    const fit = field.aspect ? ' object-fit-cover' : '';
    return <img src={value} alt="" width={width} height={THUMB_HEIGHT} className={`rounded${fit}`} />;
  }
  if (field.kind === 'rich') return <RichText html={value} className="admin-clamp rich-text" />;
  return <>{value}</>;
}

interface ItemsTableProps {
  items: Item[];
  fields: readonly FieldDef[];
  table: Table;
  saving: boolean;
  /** Saves the section with the new list at once (docs/product.md#common-editor-behaviour); true on success. */
  onSave: (items: Item[]) => Promise<boolean>;
}

type Dialog = { mode: 'add' } | { mode: 'edit'; index: number } | null;

/** The items of a section: add appends, edit replaces in place, delete removes after a confirmation. */
export function ItemsTable({ items, fields, table, saving, onSave }: ItemsTableProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const columns = (table.columns ?? fields.map((f) => f.name)).map((name) => fields.find((f) => f.name === name)!);
  const empty = Object.fromEntries(fields.map((f) => [f.name, '']));

  const submit = async (item: Item) => {
    const next = dialog?.mode === 'edit' ? items.map((old, i) => (i === dialog.index ? item : old)) : [...items, item];
    if (await onSave(next)) setDialog(null);
  };

  return (
    <div className="mt-4">
      {table.add ? (
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
                <th scope="col" key={c.name}>
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
                  <td key={c.name}>
                    <Cell field={c} value={item[c.name] ?? ''} />
                  </td>
                ))}
                <td className="text-nowrap">
                  <IconButton
                    kind="edit"
                    label={`Edit item ${index + 1}`}
                    onClick={() => setDialog({ mode: 'edit', index })}
                  />
                  {table.canDelete ? (
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
          title={dialog.mode === 'add' ? table.add! : table.edit}
          submitLabel={dialog.mode === 'add' ? 'Add' : 'Update'}
          fields={fields}
          initial={dialog.mode === 'add' ? empty : items[dialog.index]!}
          saving={saving}
          requireImage={dialog.mode === 'add' ? table.requireImageToAdd : undefined}
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
          if (index === null) return;
          const before = items;
          // Deleting is saved at once; the Undo saves the list as it was (docs/product.md#undo).
          void onSave(items.filter((_, i) => i !== index)).then(
            (deleted) => deleted && toast.undo(UI_MESSAGES.itemDeleted, () => void onSave(before)),
          );
        }}
      />
    </div>
  );
}
