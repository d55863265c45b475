import type { SendMailData } from '#shared/schemas/contact.ts';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { escapeHtml } from '#server/modules/mail/escape.ts';

export function createContactService(deps: { db: Db; mail: MailService; contactTo: string; siteName: string }) {
  const { db, mail } = deps;
  return {
    /**
     * Stores the message before anything else, so it is never lost when mail is down, then queues the
     * notification. Honeypot hits are accepted and dropped, so a bot learns nothing.
     */
    async receive(input: SendMailData, ip: string | null) {
      if (input.website) return { stored: false };
      const id = newId();
      await db
        .insertInto('contact_messages')
        .values({ id, name: input.name, email: input.email, message: input.message, ip, created_at: now() })
        .execute();
      await mail.queue({
        kind: 'contact',
        to: deps.contactTo,
        subject: `New message from ${input.name} via ${deps.siteName}`,
        text: `From: ${input.name} <${input.email}>\n\n${input.message}\n`,
        html: `<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
        // Only a plain address goes into a header, so nothing a visitor types can add header lines.
        headers: /^[^\s@<>]+@[^\s@<>]+$/.test(input.email) ? { 'Reply-To': input.email } : undefined,
      });
      return { stored: true, id };
    },
    /** For the admin inbox, newest first. */
    async list() {
      const rows = await db
        .selectFrom('contact_messages')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        _id: r.id,
        name: r.name,
        email: r.email,
        message: r.message,
        read: r.is_read === 1,
        createdAt: r.created_at,
      }));
    },

    async setRead(id: string, read: boolean) {
      const result = await db
        .updateTable('contact_messages')
        .set({ is_read: read ? 1 : 0 })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, 'Message not found');
      return { _id: id, read };
    },

    async remove(id: string) {
      const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new HttpError(404, 'Message not found');
      return { _id: id };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
