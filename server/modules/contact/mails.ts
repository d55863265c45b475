import type { SendMailData } from '#shared/schemas/contact.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import type { OutgoingMail } from '#server/modules/mail/service.ts';

/** The notification of a contact message, to the address that receives them (`CONTACT_TO`). */
export function contactNotification(input: SendMailData, to: string, siteName: string): OutgoingMail {
  return {
    kind: 'contact',
    to,
    subject: `New message from ${input.name} via ${siteName}`,
    text: `From: ${input.name} <${input.email}>\n\n${input.message}\n`,
    html: `<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    // Only a plain address goes into a header, so nothing a visitor types can add header lines.
    headers: /^[^\s@<>]+@[^\s@<>]+$/.test(input.email) ? { 'Reply-To': input.email } : undefined,
  };
}
