import type { OutgoingMail } from '#server/modules/mail/service.ts';

export function resetCodeMail(input: { to: string; code: string; siteName: string; minutes: number }): OutgoingMail {
  return {
    kind: 'password-reset',
    to: input.to,
    // Not in the subject: a lock screen shows subjects to anyone near the phone.
    subject: `Your ${input.siteName} password reset code`,
    text: `Your password reset code is ${input.code}.\n\nIt is valid for ${input.minutes} minutes and can be used once. If you did not ask to reset your password, you can ignore this e-mail.\n`,
    html: `<p>Your password reset code is</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${input.code}</p><p>It is valid for ${input.minutes} minutes and can be used once. If you did not ask to reset your password, you can ignore this e-mail.</p>`,
  };
}
