import type { OutgoingMail } from '#server/modules/mail/service.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';

/** The link that confirms a new e-mail address, sent to that address. */
export function emailChangeMail(input: { to: string; link: string; name: string; siteName: string; hours: number }) {
  return {
    kind: 'email-change',
    to: input.to,
    subject: `Confirm your new e-mail address for ${input.siteName}`,
    text: `${input.name}, you asked to use this address for your account on ${input.siteName}.\n\nConfirm it here:\n${input.link}\n\nThe link works once and for ${input.hours} hours. Until then your account keeps its old address. If you did not ask for this, you can ignore this e-mail.\n`,
    html: `<p>${escapeHtml(input.name)}, you asked to use this address for your account on ${escapeHtml(input.siteName)}.</p><p><a href="${escapeHtml(input.link)}">Confirm the new address</a></p><p>The link works once and for ${input.hours} hours. Until then your account keeps its old address. If you did not ask for this, you can ignore this e-mail.</p>`,
  } satisfies OutgoingMail;
}
