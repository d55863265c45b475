import { SERVER_MESSAGES } from '#shared/messages.ts';
import type { SendMailData } from '#shared/schemas/contact.ts';
import type { ContactMessage } from '#shared/api/contact.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/database.ts';
import { NotFoundError } from '#server/errors.ts';
import { decodeCursor, keysetPage } from '#server/lib/cursor.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import { contactNotification } from './mails';
import * as repo from './repository';

export function createContactService(deps: { db: Db; mail: MailService; contactTo: string; siteName: string }) {
  const { db, mail } = deps;
  return {
    /**
     * Stores the message and queues its notification in one transaction, so a crash can never keep one
     * without the other; SMTP being down loses nothing (the outbox retries). Honeypot hits are accepted
     * and dropped, so a bot learns nothing.
     */
    async receive(input: SendMailData, ip: string | null) {
      if (input.website) return { stored: false };
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertMessage(trx, { id, name: input.name, email: input.email, message: input.message, ip });
        await mail.queue(contactNotification(input, deps.contactTo, deps.siteName), trx);
      });
      mail.kick();
      return { stored: true, id };
    },

    /** A page of the admin inbox, newest first: the `limit` after `cursor` (none or empty: the newest). */
    async list(query: { limit: number; cursor?: string }) {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await repo.listMessages(db, { limit: query.limit + 1, after });
      const { rows: shown, meta } = keysetPage(rows, query.limit, (r) => ({ key: r.created_at, id: r.id }));
      const messages: ContactMessage[] = shown.map((r) => ({
        _id: r.id,
        name: r.name,
        email: r.email,
        message: r.message,
        read: r.is_read === 1,
        createdAt: r.created_at,
        ...(r.is_read === 1 && r.read_by ? { readBy: r.read_by } : {}),
      }));
      return { messages, meta };
    },

    /** Every message by id, a batch at a time (the site export, docs/product.md#export); the sender's IP is left out. */
    async *exportRows(batch = 500) {
      let after = '';
      for (;;) {
        const rows = await repo.messagesAfter(db, after, batch);
        if (!rows.length) return;
        yield rows.map((r) => ({
          name: r.name,
          email: r.email,
          message: r.message,
          createdAt: r.created_at,
          read: r.is_read === 1,
          readBy: r.read_by,
        }));
        if (rows.length < batch) return;
        after = rows.at(-1)!.id;
      }
    },

    count: () => repo.countMessages(db),

    /** Messages of a restored site export (docs/decisions/0039-export.md). */
    async importRows(trx: Db, rows: ReadonlyArray<Parameters<typeof repo.insertMessageRow>[1]>) {
      for (const row of rows) await repo.insertMessageRow(trx, row);
    },

    /** `by`: who marked it (their name), shown in the inbox. */
    async setRead(id: string, read: boolean, by: string | null = null) {
      if (!(await repo.setMessageRead(db, id, read, by))) throw new NotFoundError(SERVER_MESSAGES.messageNotFound);
      return { _id: id, read };
    },

    async remove(id: string) {
      if (!(await repo.deleteMessage(db, id))) throw new NotFoundError(SERVER_MESSAGES.messageNotFound);
      return { _id: id };
    },
  };
}
