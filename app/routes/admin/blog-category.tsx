import { useState } from 'react';
import { Button, Modal, Table } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { MESSAGES, UI_MESSAGES } from '#shared/messages.ts';
import type { BlogCategory } from '#shared/schemas/blog.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { deleteCategory, listCategories, restoreCategory, saveCategory } from '#shared/api/blog.ts';
import { toast } from '#app/lib/toast.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { GuardedFooter, useGuardedClose } from '#app/features/unsaved/guarded-close.tsx';
import type { Route } from './+types/blog-category';
import { IconButton } from '#app/components/ui/IconButton.tsx';

export const clientLoader = () => call(listCategories);
clientLoader.hydrate = true as const;

/** The category table and the 'Manage Blog Category' modal, to add or to edit prefilled (docs/product.md#blog-categories). */
export default function BlogCategories({ loaderData: categories }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<{ _id?: string; name: string } | null>(null);
  // The modal's name, edited and not saved, is guarded like any other form.
  const original = editing?._id ? (categories.find((c) => c._id === editing._id)?.name ?? '') : '';
  const close = useGuardedClose(editing !== null && editing.name !== original, () => setEditing(null));
  const [deleting, setDeleting] = useState<BlogCategory | null>(null);
  const saving = useSubmit();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const body = editing._id ? { _id: editing._id, name: editing.name } : { name: editing.name };
    if (await saving.run(() => call(saveCategory, { body }), { success: MESSAGES.categorySaved })) {
      setEditing(null);
      await revalidator.revalidate();
    }
  };

  const remove = async (category: BlogCategory) => {
    setDeleting(null);
    const removed = await saving.run(() => call(deleteCategory, { params: { id: category._id } }), {
      success: MESSAGES.categoryDeleted,
    });
    if (!removed) return;
    await revalidator.revalidate();
    toast.undo(
      UI_MESSAGES.deleted(category.name),
      () =>
        void saving
          .run(() => call(restoreCategory, { params: { id: category._id } }), { success: UI_MESSAGES.undone })
          .then(async (ok) => {
            if (ok) await revalidator.revalidate();
          }),
    );
  };

  return (
    <section className="admin-card">
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">Blog Category</h1>
        <Button onClick={() => setEditing({ name: '' })}>Add New</Button>
      </div>
      <div className="table-responsive">
        <Table striped bordered hover className="align-middle bg-white">
          <thead>
            <tr>
              <th scope="col">S.No.</th>
              <th scope="col">Name</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => (
              <tr key={category._id}>
                <td>{index + 1}</td>
                <td>{category.name}</td>
                <td className="text-nowrap">
                  <IconButton
                    kind="edit"
                    label={`Edit ${category.name}`}
                    onClick={() => setEditing({ _id: category._id, name: category.name })}
                  />
                  <IconButton kind="delete" label={`Delete ${category.name}`} onClick={() => setDeleting(category)} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <Modal show={editing !== null} onHide={close.requestClose} centered aria-labelledby="category-modal-title">
        <form noValidate onSubmit={submit}>
          <Modal.Header closeButton>
            <Modal.Title id="category-modal-title">Manage Blog Category</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <TextField
              id="category-name"
              label="Category Name"
              value={editing?.name ?? ''}
              onChange={(name) => setEditing((e) => (e ? { ...e, name } : e))}
            />
          </Modal.Body>
          <GuardedFooter
            close={close}
            cancel={{ label: 'Cancel', onClick: () => setEditing(null) }}
            submit={{ label: 'Submit', loading: saving.busy }}
          />
        </form>
      </Modal>
      <ConfirmDialog
        show={deleting !== null}
        message={`Delete the category "${deleting?.name ?? ''}"? Its posts stay, without a category.`}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </section>
  );
}
