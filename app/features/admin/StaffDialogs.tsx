import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { INVITES, ROLE_LABELS, ROLE_SUMMARIES, SWITCHES_OF, type Role } from '#shared/roles.ts';
import { TEAM_UI_MESSAGES } from '#shared/messages.ts';
import type { BlogCategory } from '#shared/schemas/blog.ts';
import type { StaffMember } from '#shared/schemas/staff.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { GuardedFooter, useGuardedClose } from '#app/features/unsaved/guarded-close.tsx';

export interface StaffChange {
  role?: Role;
  mayNewsletter?: boolean;
  categoryIds?: string[];
}

/**
 * A person's role and the switches that apply to it (shared/roles.ts SWITCHES_OF): "May send newsletters"
 * for Authors, "May post in" for Authors and Contributors (nothing ticked: every category).
 */
export function ManageDialog({
  person,
  myRole,
  categories,
  busy,
  onSave,
  onClose,
}: {
  person: StaffMember;
  myRole: Role;
  categories: BlogCategory[];
  busy: boolean;
  onSave: (change: StaffChange) => void;
  onClose: () => void;
}) {
  const [role, setRole] = useState<Role>(person.role);
  const [mayNewsletter, setMayNewsletter] = useState(person.mayNewsletter);
  const [categoryIds, setCategoryIds] = useState<string[]>(person.categoryIds);
  const roles = INVITES[myRole].includes(person.role) ? INVITES[myRole] : [person.role, ...INVITES[myRole]];
  const switches = SWITCHES_OF[role];
  const changed =
    role !== person.role ||
    mayNewsletter !== person.mayNewsletter ||
    [...categoryIds].sort().join() !== [...person.categoryIds].sort().join();
  const close = useGuardedClose(changed, onClose);
  const toggle = (id: string, on: boolean) =>
    setCategoryIds((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const change: StaffChange = {};
    if (role !== person.role) change.role = role;
    if (switches.includes('mayNewsletter')) change.mayNewsletter = mayNewsletter;
    if (switches.includes('categoryIds')) change.categoryIds = categoryIds;
    onSave(change);
  };

  return (
    <Modal show onHide={close.requestClose} centered aria-labelledby="manage-title">
      <form noValidate onSubmit={save} aria-label={`Manage ${person.name}`}>
        <Modal.Header closeButton>
          <Modal.Title id="manage-title">{person.name}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="manage-role" className="mb-3">
            <Form.Label>Role</Form.Label>
            <Form.Select value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Form.Select>
            <Form.Text>{ROLE_SUMMARIES[role]}</Form.Text>
          </Form.Group>
          {switches.includes('mayNewsletter') ? (
            <Form.Check
              className="mb-3"
              id="manage-newsletter"
              type="checkbox"
              label="May send newsletters"
              checked={mayNewsletter}
              onChange={(e) => setMayNewsletter(e.target.checked)}
            />
          ) : null}
          {switches.includes('categoryIds') ? (
            <fieldset>
              <legend className="form-label fs-6 mb-1">May post in</legend>
              <div className="staff-categories border rounded p-2">
                {categories.map((category) => (
                  <Form.Check
                    key={category._id}
                    id={`manage-category-${category._id}`}
                    type="checkbox"
                    label={category.name}
                    checked={categoryIds.includes(category._id)}
                    onChange={(e) => toggle(category._id, e.target.checked)}
                  />
                ))}
              </div>
              <Form.Text>{TEAM_UI_MESSAGES.anyCategory}</Form.Text>
            </fieldset>
          ) : null}
        </Modal.Body>
        <GuardedFooter
          close={close}
          cancel={{ label: 'Cancel', onClick: onClose }}
          submit={{ label: 'Save', loading: busy }}
        />
      </form>
    </Modal>
  );
}

/** Removing a person: who receives their posts (another active person), then the delete. */
export function DeleteDialog({
  person,
  heirs,
  defaultHeir,
  busy,
  onDelete,
  onClose,
}: {
  person: StaffMember;
  heirs: StaffMember[];
  defaultHeir: string;
  busy: boolean;
  onDelete: (reassignTo: string) => void;
  onClose: () => void;
}) {
  const [heir, setHeir] = useState(heirs.some((h) => h._id === defaultHeir) ? defaultHeir : (heirs[0]?._id ?? ''));
  return (
    <Modal show onHide={onClose} centered aria-labelledby="delete-person-title">
      <form
        noValidate
        aria-label={`Delete ${person.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (heir) onDelete(heir);
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="delete-person-title">Delete {person.name}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="delete-reassign">
            <Form.Label>{TEAM_UI_MESSAGES.deleteIntro(person.name, person.posts)}</Form.Label>
            <Form.Select value={heir} onChange={(e) => setHeir(e.target.value)}>
              {heirs.map((h) => (
                <option key={h._id} value={h._id}>
                  {h.name} ({ROLE_LABELS[h.role]})
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SpinnerButton type="submit" variant="danger" loading={busy} disabled={!heir}>
            Delete
          </SpinnerButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
