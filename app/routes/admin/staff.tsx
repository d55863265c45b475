import { useState } from 'react';
import { Alert, Badge, Button, Form, InputGroup, Table } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { listCategories } from '#shared/api/blog.ts';
import {
  deleteStaff,
  inviteStaff,
  listStaff,
  reactivateStaff,
  resendInvite,
  revokeInvite,
  suspendStaff,
  transferOwnership,
  updateStaff,
} from '#shared/api/staff.ts';
import { formatDate } from '#shared/format.ts';
import { TEAM_MESSAGES, TEAM_UI_MESSAGES } from '#shared/messages.ts';
import { INVITES, ROLE_LABELS, ROLE_SUMMARIES, type Role } from '#shared/roles.ts';
import { inviteInputSchema, type Account, type Invite, type StaffMember } from '#shared/schemas/staff.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { forgetAccount, guardScreen, useAccount, useCan } from '#app/features/admin/account.ts';
import { DeleteDialog, ManageDialog, type StaffChange } from '#app/features/admin/StaffDialogs.tsx';
import { PersonSessionsDialog } from '#app/features/admin/security/PersonSessionsDialog.tsx';
import { call } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import { useForm } from '#app/lib/use-form.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/staff';

/** The staff and the open invitations, with the categories the "May post in" switch picks from. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  const [staff, categories] = await Promise.all([call(listStaff), call(listCategories)]);
  return { ...staff, categories };
}
clientLoader.hydrate = true as const;

const DAY = 86_400_000;

/** "today", "yesterday", "3 days ago", then the date. */
function lastSeen(iso: string | null): string {
  if (!iso) return 'Never';
  const days = Math.floor((Date.now() - new Date(iso).getTime()) / DAY);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 30) return `${days} days ago`;
  return formatDate(iso);
}

type Pending =
  | { kind: 'manage' | 'delete' | 'suspend' | 'transfer' | 'sessions'; person: StaffMember }
  | { kind: 'revoke'; invite: Invite }
  | null;

/** docs/product.md#team-and-roles: the people on the staff, the open invitations, and inviting someone. */
export default function Staff({ loaderData }: Route.ComponentProps) {
  // The account is unknown only when the server did not answer it: the screen waits for the next one.
  const me = useAccount();
  return me ? <StaffScreen me={me} {...loaderData} /> : null;
}

function StaffScreen({ me, people, invites, categories }: Route.ComponentProps['loaderData'] & { me: Account }) {
  const mayManage = useCan('staff.manage');
  const mayTransfer = useCan('ownership.transfer');
  const maySeeSessions = useCan('sessions.all');
  const revalidator = useRevalidator();
  const acting = useSubmit();
  const [pending, setPending] = useState<Pending>(null);
  const [link, setLink] = useState<string | null>(null);

  /** Runs an action, toasts its message (or the server's refusal), and reads the list again. */
  const act = async <T,>(work: () => Promise<T>, success: (result: T) => string) => {
    const done = await acting.run(work, { success });
    if (done) {
      setPending(null);
      await revalidator.revalidate();
    }
    return done;
  };

  const resend = (invite: Invite) =>
    act(
      async () => {
        const sent = await call(resendInvite, { params: { id: invite._id } });
        setLink(sent.delivery === 'link' ? sent.link : null);
        return sent;
      },
      // Without e-mail the link box says it all; a toast would repeat it.
      (sent) => (sent.delivery === 'mail' ? sent.message : ''),
    );

  const save = (person: StaffMember, change: StaffChange) =>
    act(
      () => call(updateStaff, { params: { id: person._id }, body: change }),
      () => (change.role ? TEAM_MESSAGES.roleChanged : TEAM_MESSAGES.switchesSaved),
    );

  const manageable = (person: StaffMember) => mayManage && person.role !== 'owner' && person._id !== me._id;
  const mayHandOver = (person: StaffMember) => mayTransfer && person._id !== me._id && person.status === 'active';
  // Only the Owner sees or ends the Owner's sessions (docs/decisions/0020-sessions-and-reauthentication.md).
  const sessionsOf = (person: StaffMember) =>
    maySeeSessions && person.status === 'active' && (person.role !== 'owner' || me.role === 'owner');
  const hasActions = (person: StaffMember) => manageable(person) || mayHandOver(person) || sessionsOf(person);
  const hasActionColumn = mayManage || mayTransfer || maySeeSessions;
  const activeOthers = (person: StaffMember) =>
    people.filter((other) => other._id !== person._id && other.status === 'active');

  return (
    <section className="admin-card staff-screen">
      <h1 className="h3 mb-3">Staff</h1>

      <InviteForm myRole={me.role} onSent={(sent) => setLink(sent)} reload={() => revalidator.revalidate()} />
      {link ? (
        <Alert variant="info" dismissible onClose={() => setLink(null)} data-testid="invite-link">
          <p className="mb-2">{TEAM_MESSAGES.inviteLinkOnly}</p>
          <CopyLink link={link} />
        </Alert>
      ) : null}

      <h2 className="h5 mt-4 mb-3">People</h2>
      <div className="table-responsive">
        <Table striped bordered hover className="align-middle bg-white table-stack staff-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Last seen</th>
              <th scope="col">Posts</th>
              <th scope="col">Status</th>
              {hasActionColumn ? <th scope="col">Action</th> : null}
            </tr>
          </thead>
          <tbody>
            {people.map((person) => (
              <tr key={person._id} data-testid="staff-row">
                <td data-label="Name">
                  {person.name}
                  {person._id === me._id ? <span className="text-body-secondary"> (you)</span> : null}
                </td>
                <td data-label="E-mail" className="text-break">
                  {person.email}
                </td>
                <td data-label="Role">{ROLE_LABELS[person.role]}</td>
                <td data-label="Last seen" className="text-nowrap">
                  {lastSeen(person.lastSeenAt)}
                </td>
                <td data-label="Posts">{person.posts}</td>
                <td data-label="Status">
                  <Badge bg={person.status === 'active' ? 'success' : 'secondary'}>
                    {person.status === 'active' ? 'Active' : 'Suspended'}
                  </Badge>
                </td>
                {hasActionColumn ? (
                  <td data-label="Action" className={hasActions(person) ? undefined : 'stack-empty'}>
                    <div className="d-flex flex-wrap gap-1">
                      {manageable(person) ? (
                        <>
                          <Button
                            size="sm"
                            variant="outline-primary"
                            onClick={() => setPending({ kind: 'manage', person })}
                          >
                            Edit
                          </Button>
                          {person.status === 'active' ? (
                            <Button
                              size="sm"
                              variant="outline-warning"
                              onClick={() => setPending({ kind: 'suspend', person })}
                            >
                              Suspend
                            </Button>
                          ) : (
                            <Button
                              size="sm"
                              variant="outline-success"
                              disabled={acting.busy}
                              onClick={() =>
                                void act(
                                  () => call(reactivateStaff, { params: { id: person._id } }),
                                  () => TEAM_MESSAGES.reactivated(person.name),
                                )
                              }
                            >
                              Reactivate
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="outline-danger"
                            onClick={() => setPending({ kind: 'delete', person })}
                          >
                            Delete
                          </Button>
                        </>
                      ) : null}
                      {sessionsOf(person) ? (
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          onClick={() => setPending({ kind: 'sessions', person })}
                        >
                          Sessions
                        </Button>
                      ) : null}
                      {mayHandOver(person) ? (
                        <Button
                          size="sm"
                          variant="outline-dark"
                          onClick={() => setPending({ kind: 'transfer', person })}
                        >
                          Hand over the site
                        </Button>
                      ) : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>

      <h2 className="h5 mt-4 mb-3">Open invitations</h2>
      {invites.length === 0 ? <p className="text-body-secondary">{TEAM_UI_MESSAGES.noInvites}</p> : null}
      {invites.length ? (
        <div className="table-responsive">
          <Table striped bordered hover className="align-middle bg-white table-stack staff-table">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Expires</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {invites.map((invite) => (
                <tr key={invite._id} data-testid="invite-row">
                  <td data-label="E-mail" className="text-break">
                    {invite.email}
                  </td>
                  <td data-label="Role">{ROLE_LABELS[invite.role]}</td>
                  <td data-label="Expires" className="text-nowrap">
                    {formatDate(invite.expiresAt)}{' '}
                    {invite.expired ? (
                      <Badge bg="warning" text="dark">
                        Expired
                      </Badge>
                    ) : null}
                  </td>
                  <td data-label="Action">
                    <div className="d-flex flex-wrap gap-1">
                      <Button
                        size="sm"
                        variant="outline-primary"
                        disabled={acting.busy}
                        onClick={() => void resend(invite)}
                      >
                        Resend
                      </Button>
                      <Button size="sm" variant="outline-danger" onClick={() => setPending({ kind: 'revoke', invite })}>
                        Revoke
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}

      {pending?.kind === 'sessions' ? (
        <PersonSessionsDialog person={pending.person} onClose={() => setPending(null)} />
      ) : null}
      {pending?.kind === 'manage' ? (
        <ManageDialog
          person={pending.person}
          myRole={me.role}
          categories={categories}
          busy={acting.busy}
          onSave={(change) => void save(pending.person, change)}
          onClose={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'delete' ? (
        <DeleteDialog
          person={pending.person}
          heirs={activeOthers(pending.person)}
          defaultHeir={me._id}
          busy={acting.busy}
          onDelete={(reassignTo) =>
            void act(
              () => call(deleteStaff, { params: { id: pending.person._id }, body: { reassignTo } }),
              (answer) => answer.message,
            )
          }
          onClose={() => setPending(null)}
        />
      ) : null}
      <ConfirmDialog
        show={pending?.kind === 'suspend'}
        message={pending?.kind === 'suspend' ? TEAM_UI_MESSAGES.confirmSuspend(pending.person.name) : ''}
        confirmLabel="Suspend"
        onCancel={() => setPending(null)}
        onConfirm={() =>
          pending?.kind === 'suspend' &&
          void act(
            () => call(suspendStaff, { params: { id: pending.person._id } }),
            () => TEAM_MESSAGES.suspended(pending.person.name),
          )
        }
      />
      <ConfirmDialog
        show={pending?.kind === 'revoke'}
        message={pending?.kind === 'revoke' ? TEAM_UI_MESSAGES.confirmRevoke(pending.invite.email) : ''}
        confirmLabel="Revoke"
        onCancel={() => setPending(null)}
        onConfirm={() =>
          pending?.kind === 'revoke' &&
          void act(
            () => call(revokeInvite, { params: { id: pending.invite._id } }),
            (answer) => answer.message,
          )
        }
      />
      <ConfirmDialog
        show={pending?.kind === 'transfer'}
        message={pending?.kind === 'transfer' ? TEAM_UI_MESSAGES.confirmTransfer(pending.person.name) : ''}
        confirmLabel="Hand over"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind !== 'transfer') return;
          void act(
            async () => {
              const answer = await call(transferOwnership, { body: { to: pending.person._id } });
              // The signed-in person is an Administrator now: the layout asks for the account again.
              forgetAccount();
              return answer;
            },
            (answer) => answer.message,
          );
        }}
      />
    </section>
  );
}

/** The invitation form: an e-mail address and a role this person may give (INVITES). */
function InviteForm({
  myRole,
  onSent,
  reload,
}: {
  myRole: Role;
  onSent: (link: string | null) => void;
  reload: () => Promise<void>;
}) {
  const roles = INVITES[myRole];
  const form = useForm(inviteInputSchema, { email: '', role: roles.at(-1) ?? 'contributor' });
  const sending = useSubmit();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    const sent = await sending.run(
      async () => {
        const answer = await call(inviteStaff, { body: input });
        onSent(answer.delivery === 'link' ? answer.link : null);
        return answer;
      },
      { success: (answer) => (answer.delivery === 'mail' ? answer.message : '') },
    );
    if (sent) {
      form.reset({ email: '', role: input.role });
      await reload();
    }
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Invite" className="admin-panel staff-invite mb-3">
      <h2 className="h6 mb-3">Invite someone</h2>
      <div className="row g-2 align-items-start">
        <Form.Group className="col-md-6" controlId="invite-email">
          <Form.Label className="small mb-1">E-mail</Form.Label>
          <Form.Control
            type="email"
            autoComplete="off"
            value={form.values.email}
            isInvalid={Boolean(form.errors.email)}
            onChange={(e) => form.change('email', e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{form.errors.email}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-md-4" controlId="invite-role">
          <Form.Label className="small mb-1">Role</Form.Label>
          <Form.Select value={form.values.role} onChange={(e) => form.change('role', e.target.value)}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="col-md-2 d-grid staff-invite-button">
          <SpinnerButton type="submit" loading={sending.busy}>
            Invite
          </SpinnerButton>
        </div>
      </div>
      <Form.Text>{ROLE_SUMMARIES[form.values.role as Role] ?? ''}</Form.Text>
    </form>
  );
}

/** The invitation link in a read-only field, with a Copy button. */
function CopyLink({ link }: { link: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(TEAM_UI_MESSAGES.linkCopied);
    } catch {
      toast.error(TEAM_UI_MESSAGES.copyFailed);
    }
  };
  return (
    <InputGroup>
      <Form.Control readOnly value={link} aria-label="Invitation link" onFocus={(e) => e.currentTarget.select()} />
      <Button variant="primary" onClick={() => void copy()}>
        Copy
      </Button>
    </InputGroup>
  );
}
