import { Link } from 'react-router';
import { MESSAGES, SESSION_MESSAGES } from '#shared/messages.ts';
import { changePasswordFormSchema } from '#shared/schemas/auth.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { changePassword } from '#shared/api/auth.ts';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { storedUser } from '#app/lib/session.ts';
import { useForm } from '#app/lib/use-form.ts';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export default function ChangePassword() {
  const form = useForm(changePasswordFormSchema, EMPTY);
  const submitting = useSubmit();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    // The call sends the stored user's _id (docs/product.md#roles-and-permissions).
    const body = { id: storedUser()?._id ?? '', password: input.oldPassword, newPassword: input.newPassword };
    if (await submitting.run(() => call(changePassword, { body }), { success: MESSAGES.passwordChanged })) {
      form.reset();
    }
  };

  return (
    <section className="admin-card" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-4">Change Password</h1>
      <form noValidate onSubmit={submit} aria-label="Change password">
        <TextField
          id="old-password"
          label="Old Password"
          type="password"
          autoComplete="current-password"
          value={form.values.oldPassword}
          error={form.errors.oldPassword}
          onChange={(v) => form.change('oldPassword', v)}
        />
        <TextField
          id="new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={form.values.newPassword}
          error={form.errors.newPassword}
          onChange={(v) => form.change('newPassword', v)}
        />
        <TextField
          id="confirm-password"
          label="Confirn New Password"
          type="password"
          autoComplete="new-password"
          value={form.values.confirmPassword}
          error={form.errors.confirmPassword}
          onChange={(v) => form.change('confirmPassword', v)}
        />
        <SpinnerButton type="submit" loading={submitting.busy} className="px-5">
          Change
        </SpinnerButton>
      </form>
      <p className="mt-4 mb-0">
        <Link to="/admin/security">Sign-in and security</Link>: {SESSION_MESSAGES.securityLink}
      </p>
    </section>
  );
}
