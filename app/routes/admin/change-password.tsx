import { useState } from 'react';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../../shared/messages';
import { changePasswordFormSchema } from '../../../shared/schemas/auth';
import { SpinnerButton } from '../../components/ui/SpinnerButton';
import { TextField } from '../../components/ui/TextField';
import { api, ApiError } from '../../lib/api-client';
import { storedUser } from '../../lib/session';
import { useForm } from '../../lib/use-form';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export default function ChangePassword() {
  const form = useForm(changePasswordFormSchema, EMPTY);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    setBusy(true);
    try {
      // SPEC §6: the call sends the stored user's _id.
      await api('auth/change-password', {
        body: { id: storedUser()?._id ?? '', password: input.oldPassword, newPassword: input.newPassword },
      });
      toast.success(MESSAGES.passwordChanged);
      form.reset();
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      setBusy(false);
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
        <SpinnerButton type="submit" loading={busy} className="px-5">
          Change
        </SpinnerButton>
      </form>
    </section>
  );
}
