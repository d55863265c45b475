import { useState } from 'react';
import { Button, Modal, Table } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { toast } from '#app/lib/toast.tsx';
import { MESSAGES } from '#shared/messages.ts';
import type { BlogCategory } from '#shared/schemas/blog.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { api, ApiError } from '#app/lib/api-client.ts';
import type { Route } from './+types/blog-category';
import { IconButton } from '#app/components/ui/IconButton.tsx';

export const clientLoader = () => api<BlogCategory[]>('blog-category/get-blog-categories');
clientLoader.hydrate = true as const;

const failed = (err: unknown) =>
  toast.error(err instanceof ApiError && err.message ? err.message : MESSAGES.somethingWentWrong);

/** SPEC §2/§4: the category table and the 'Manage Blog Category' modal (add, or edit prefilled). */
export default function BlogCategories({ loaderData: categories }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<{ _id?: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<BlogCategory | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    setSaving(true);
    try {
      await api('blog-category/add/update', { body: editing._id ? editing : { name: editing.name } });
      toast.success(MESSAGES.categorySaved);
      setEditing(null);
      await revalidator.revalidate();
    } catch (err) {
      failed(err);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (category: BlogCategory) => {
    setDeleting(null);
    try {
      await api(`blog-category/${encodeURIComponent(category._id)}`, { method: 'DELETE' });
      toast.success(MESSAGES.categoryDeleted);
      await revalidator.revalidate();
    } catch (err) {
      failed(err);
    }
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
      <Modal show={editing !== null} onHide={() => setEditing(null)} centered aria-labelledby="category-modal-title">
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
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <SpinnerButton type="submit" loading={saving}>
              Submit
            </SpinnerButton>
          </Modal.Footer>
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
