import { useState } from 'react';
import { Button, Form, Modal, Table } from 'react-bootstrap';
import { Link, useRevalidator } from 'react-router';
import { TAG_MESSAGES } from '#shared/messages.ts';
import type { Tag } from '#shared/schemas/tags.ts';
import { tagUrl } from '#shared/tags.ts';
import { deleteTag, listTags, mergeTag, saveTag } from '#shared/api/tags.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { IconButton } from '#app/components/ui/IconButton.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { GuardedFooter, useGuardedClose } from '#app/features/unsaved/guarded-close.tsx';
import type { Route } from './+types/tags';

export const clientLoader = () => call(listTags);
clientLoader.hydrate = true as const;

type Draft = Pick<Tag, '_id' | 'name' | 'slug' | 'description' | 'metaTitle' | 'metaDescription'>;
const draftOf = ({ _id, name, slug, description, metaTitle, metaDescription }: Tag): Draft => ({
  _id,
  name,
  slug,
  description,
  metaTitle,
  metaDescription,
});

/** The tag dialog's fields, in order; `rows`: a textarea of that many lines. */
const TAG_FIELDS: Array<{ key: keyof Omit<Draft, '_id'>; id: string; label: string; rows?: number }> = [
  { key: 'name', id: 'tag-name', label: 'Name' },
  { key: 'slug', id: 'tag-slug', label: 'Address (URL segment; empty: made from the name)' },
  { key: 'description', id: 'tag-description', label: 'Description', rows: 3 },
  { key: 'metaTitle', id: 'tag-meta-title', label: 'Search title' },
  { key: 'metaDescription', id: 'tag-meta-description', label: 'Search description', rows: 2 },
];

/**
 * The Tags screen (docs/product.md#tags): every tag with its posts; edit (a new name or address answers
 * 301 from the old one), merge into another, delete. Tags are made in the post editor.
 */
export default function Tags({ loaderData: tags }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [merging, setMerging] = useState<{ from: Tag; into: string } | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const original = editing ? tags.find((t) => t._id === editing._id) : undefined;
  const close = useGuardedClose(
    editing !== null && original !== undefined && JSON.stringify(draftOf(original)) !== JSON.stringify(editing),
    () => setEditing(null),
  );
  const saving = useSubmit();

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const { _id, ...body } = editing;
    if (await saving.run(() => call(saveTag, { params: { id: _id }, body }), { success: TAG_MESSAGES.saved })) {
      setEditing(null);
      await revalidator.revalidate();
    }
  };

  const merge = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!merging?.into) return;
    const { from, into } = merging;
    const target = tags.find((t) => t._id === into)?.name ?? '';
    const done = await saving.run(() => call(mergeTag, { params: { id: from._id }, body: { into } }), {
      success: TAG_MESSAGES.merged(from.name, target),
    });
    if (done) {
      setMerging(null);
      await revalidator.revalidate();
    }
  };

  const remove = async (tag: Tag) => {
    setDeleting(null);
    const done = await saving.run(() => call(deleteTag, { params: { id: tag._id } }), {
      success: TAG_MESSAGES.deleted(tag.name),
    });
    if (done) await revalidator.revalidate();
  };

  const field = (key: keyof Omit<Draft, '_id'>) => (value: string) =>
    setEditing((e) => (e ? { ...e, [key]: value } : e));

  return (
    <section className="admin-card">
      <h1 className="h3 mb-1">Tags</h1>
      <p className="text-body-secondary small mb-3">{TAG_MESSAGES.tagsHelp}</p>
      {tags.length === 0 ? (
        <p>No tags yet: add them to posts in the post editor.</p>
      ) : (
        <div className="table-responsive">
          <Table striped bordered hover className="align-middle bg-white">
            <thead>
              <tr>
                <th scope="col">Name</th>
                {/* The name links nowhere; on a phone the address column would push the actions off screen. */}
                <th scope="col" className="d-none d-md-table-cell">
                  Address
                </th>
                <th scope="col">Posts</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <tr key={tag._id}>
                  <td className="text-break">
                    {tag.name}
                    {tag.internal ? <span className="badge text-bg-secondary ms-2">internal</span> : null}
                  </td>
                  <td className="text-break d-none d-md-table-cell">
                    {tag.internal ? (
                      <span className="text-body-secondary">—</span>
                    ) : (
                      <Link to={tagUrl(tag.slug)} target="_blank" rel="noreferrer">
                        {tagUrl(tag.slug)}
                      </Link>
                    )}
                  </td>
                  <td>{tag.posts}</td>
                  <td className="text-nowrap">
                    <IconButton kind="edit" label={`Edit ${tag.name}`} onClick={() => setEditing(draftOf(tag))} />
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-2"
                      disabled={tags.length < 2}
                      onClick={() => setMerging({ from: tag, into: '' })}
                    >
                      Merge<span className="visually-hidden"> {tag.name}</span>
                    </Button>
                    <IconButton kind="delete" label={`Delete ${tag.name}`} onClick={() => setDeleting(tag)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <Modal show={editing !== null} onHide={close.requestClose} centered aria-labelledby="tag-modal-title">
        <form noValidate onSubmit={save}>
          <Modal.Header closeButton>
            <Modal.Title id="tag-modal-title">Edit tag</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {TAG_FIELDS.map(({ key, id, label, rows }) => (
              <TextField
                key={key}
                id={id}
                label={label}
                as={rows ? 'textarea' : undefined}
                rows={rows}
                value={editing?.[key] ?? ''}
                onChange={field(key)}
              />
            ))}
          </Modal.Body>
          <GuardedFooter
            close={close}
            cancel={{ label: 'Cancel', onClick: () => setEditing(null) }}
            submit={{ label: 'Save', loading: saving.busy }}
          />
        </form>
      </Modal>
      <Modal show={merging !== null} onHide={() => setMerging(null)} centered aria-labelledby="merge-modal-title">
        <form noValidate onSubmit={merge}>
          <Modal.Header closeButton>
            <Modal.Title id="merge-modal-title">Merge “{merging?.from.name}”</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Form.Group controlId="merge-into">
              <Form.Label>Merge into</Form.Label>
              <Form.Select
                value={merging?.into ?? ''}
                onChange={(e) => setMerging((m) => (m ? { ...m, into: e.target.value } : m))}
              >
                <option value="">Choose a tag…</option>
                {tags
                  .filter((t) => t._id !== merging?.from._id)
                  .map((t) => (
                    <option key={t._id} value={t._id}>
                      {t.name}
                    </option>
                  ))}
              </Form.Select>
              <Form.Text>Its posts get the chosen tag, and its address leads to the chosen tag's page.</Form.Text>
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setMerging(null)}>
              Cancel
            </Button>
            <SpinnerButton type="submit" loading={saving.busy} disabled={!merging?.into}>
              Merge
            </SpinnerButton>
          </Modal.Footer>
        </form>
      </Modal>
      <ConfirmDialog
        show={deleting !== null}
        message={deleting ? TAG_MESSAGES.confirmDelete(deleting.name, deleting.posts) : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </section>
  );
}
