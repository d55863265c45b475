import { Link, useNavigate } from 'react-router';
import { acceptInvite, getInvite } from '#shared/api/staff.ts';
import { MESSAGES, MIN_PASSWORD_LENGTH, TEAM_UI_MESSAGES } from '#shared/messages.ts';
import { ROLE_LABELS, ROLE_SUMMARIES } from '#shared/roles.ts';
import { newPassword } from '#shared/schemas/auth.ts';
import { acceptInviteSchema } from '#shared/schemas/staff.ts';
import { z } from '#shared/schemas/zod.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { AdminLoading } from '#app/features/admin/AdminLoading.tsx';
import { firstScreenFor } from '#app/features/admin/nav.ts';
import { ApiError, call } from '#app/lib/api-client.ts';
import { saveSession } from '#app/lib/session.ts';
import { useForm } from '#app/lib/use-form.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/accept-invite';
import '#app/styles/admin.scss';

export const meta = () => [{ title: 'Join the team' }, { name: 'robots', content: 'noindex' }];

/** The invitation behind the link, or why it cannot be used (404 unknown, 410 expired, used or withdrawn). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    return { invite: await call(getInvite, { params: { token: params.token } }), error: null };
  } catch (err) {
    const known = err instanceof ApiError && (err.status === 404 || err.status === 410);
    return { invite: null, error: known ? err.message : TEAM_UI_MESSAGES.invitePageFailed };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Name, password and its confirmation, checked as the Change Password form checks them. */
const acceptFormSchema = z
  .object({
    name: acceptInviteSchema.shape.name,
    password: acceptInviteSchema.shape.password,
    confirmPassword: newPassword(MESSAGES.confirmPasswordTooShort),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.confirmPassword.length >= MIN_PASSWORD_LENGTH && value.confirmPassword !== value.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: MESSAGES.confirmPasswordMismatch,
          input: value.confirmPassword,
        });
      }
    }),
  );

/** docs/product.md#team-and-roles: someone invited picks a name and password and is signed in. */
export default function AcceptInvite({ loaderData, params }: Route.ComponentProps) {
  const { invite, error } = loaderData;
  const navigate = useNavigate();
  const form = useForm(acceptFormSchema, { name: '', password: '', confirmPassword: '' });
  const submitting = useSubmit();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    await submitting.run(async () => {
      const session = await call(acceptInvite, {
        params: { token: params.token },
        body: { name: input.name, password: input.password },
      });
      saveSession(session);
      // Into the admin at the first screen the new role opens (the admin layout would send them on there too).
      await navigate(firstScreenFor({ role: invite!.role, mayNewsletter: false, categoryIds: [] }));
    });
  };

  return (
    <main className="admin-login">
      <div className="admin-login-card">
        <img src="/logo.svg" alt="" width="48" height="48" className="mb-3" />
        {invite ? (
          <>
            <h1 className="h3 mb-1">{TEAM_UI_MESSAGES.joinAs(invite.siteName, ROLE_LABELS[invite.role])}</h1>
            <p className="text-body-secondary mb-4">{ROLE_SUMMARIES[invite.role]}</p>
            <form noValidate onSubmit={submit} aria-label="Accept invitation">
              <TextField
                id="invite-email"
                label="Email"
                type="email"
                autoComplete="username"
                value={invite.email}
                readOnly
                onChange={() => undefined}
              />
              <TextField
                id="invite-name"
                label="Name"
                autoComplete="name"
                value={form.values.name}
                error={form.errors.name}
                onChange={(v) => form.change('name', v)}
              />
              <TextField
                id="invite-password"
                label="Password"
                type="password"
                autoComplete="new-password"
                value={form.values.password}
                error={form.errors.password}
                onChange={(v) => form.change('password', v)}
              />
              <TextField
                id="invite-confirm-password"
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                value={form.values.confirmPassword}
                error={form.errors.confirmPassword}
                onChange={(v) => form.change('confirmPassword', v)}
              />
              <SpinnerButton type="submit" loading={submitting.busy} className="w-100">
                Join
              </SpinnerButton>
            </form>
          </>
        ) : (
          <>
            <h1 className="h3 mb-3">Invitation</h1>
            <div className="alert alert-warning" role="alert">
              {error}
            </div>
            <Link to="/admin" className="btn btn-primary">
              Go to the login
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
