import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { toast } from '#app/lib/toast.tsx';
import { resetFormSchema, resetRequestSchema } from '#shared/schemas/auth.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { requestReset, verifyOtp } from '#shared/api/auth.ts';
import { ApiError, call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import { useForm } from '#app/lib/use-form.ts';

const STEP_ONE = { email: '' };
const STEP_TWO = { otp: '', newPassword: '', confirmPassword: '' };

/** docs/product.md#password-reset: step 1 asks for the e-mail and sends a code; step 2 sets a new password with it. */
export function ResetPasswordDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const request = useForm(resetRequestSchema, STEP_ONE);
  const reset = useForm(resetFormSchema, STEP_TWO);
  const [step, setStep] = useState<1 | 2>(1);
  const submit = useSubmit();

  const clearAll = () => {
    request.reset();
    reset.reset();
    setStep(1);
  };

  const failed = (err: unknown) => toast.error(err instanceof ApiError ? err.message : String(err));

  const getOtp = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = request.validate();
    if (!input) return;
    const sent = await submit.run(() => call(requestReset, { body: input }), {
      success: (message) => message,
      onFailure: failed,
    });
    if (sent) setStep(2);
  };

  const resetPassword = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = reset.validate();
    if (!input) return;
    const done = await submit.run(
      () =>
        call(verifyOtp, {
          body: { email: request.values.email.trim(), otp: input.otp, password: input.newPassword },
        }),
      { success: (message) => message, onFailure: failed },
    );
    if (done) {
      clearAll();
      onClose();
    }
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="reset-title">
      <Modal.Header closeButton>
        <Modal.Title id="reset-title">Reset Password</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {step === 1 ? (
          <form noValidate onSubmit={getOtp}>
            <TextField
              id="reset-email"
              label="Email"
              type="email"
              autoComplete="email"
              value={request.values.email}
              error={request.errors.email}
              onChange={(v) => request.change('email', v)}
            />
            <SpinnerButton type="submit" loading={submit.busy} className="w-100">
              Get OTP
            </SpinnerButton>
          </form>
        ) : (
          <form noValidate onSubmit={resetPassword}>
            <TextField
              id="reset-email-readonly"
              label="Email"
              value={request.values.email}
              readOnly
              onChange={() => {}}
            />
            <TextField
              id="reset-otp"
              label="OTP"
              autoComplete="one-time-code"
              value={reset.values.otp}
              error={reset.errors.otp}
              onChange={(v) => reset.change('otp', v)}
            />
            <TextField
              id="reset-new-password"
              label="New Password"
              type="password"
              autoComplete="new-password"
              value={reset.values.newPassword}
              error={reset.errors.newPassword}
              onChange={(v) => reset.change('newPassword', v)}
            />
            <TextField
              id="reset-confirm-password"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              value={reset.values.confirmPassword}
              error={reset.errors.confirmPassword}
              onChange={(v) => reset.change('confirmPassword', v)}
            />
            <SpinnerButton type="submit" loading={submit.busy} className="w-100">
              Reset Password
            </SpinnerButton>
          </form>
        )}
      </Modal.Body>
    </Modal>
  );
}
