import { ROLE_LABELS, type Role } from '#shared/roles.ts';
import type { OutgoingMail } from '#server/modules/mail/service.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';

export function inviteMail(input: {
  to: string;
  link: string;
  role: Role;
  inviter: string;
  siteName: string;
  days: number;
  requestedBy: string;
}): OutgoingMail {
  const role = ROLE_LABELS[input.role];
  return {
    kind: 'staff-invite',
    requestedBy: input.requestedBy,
    to: input.to,
    subject: `${input.inviter} invited you to ${input.siteName}`,
    text: `${input.inviter} invited you to join ${input.siteName} as ${role}.\n\nChoose your name and password here:\n${input.link}\n\nThe link works once and for ${input.days} days. If you did not expect this, you can ignore this e-mail.\n`,
    html: `<p>${escapeHtml(input.inviter)} invited you to join ${escapeHtml(input.siteName)} as ${role}.</p><p><a href="${escapeHtml(input.link)}">Accept the invitation</a></p><p>The link works once and for ${input.days} days. If you did not expect this, you can ignore this e-mail.</p>`,
  };
}
