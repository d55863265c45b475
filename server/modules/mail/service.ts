import type { Db } from '#server/db/database.ts';
import { deleteSentBefore, dropPendingNewslettersTo, enqueueMail, type OutgoingMail } from './outbox-repository';

/** How long sent messages are kept (for the record of what went out). */
export const SENT_RETENTION_MS = 7 * 24 * 3600_000;
import type { MailWorker } from './worker';

/**
 * The one way the product sends e-mail: store it in the outbox, then let the worker deliver it. Given the
 * transaction that stores the record the mail is about, the mail is queued in it, so both are kept or
 * neither is; the caller kicks the worker after the commit.
 */
export function createMailService(deps: { db: Db; worker: MailWorker }) {
  return {
    async queue(mail: OutgoingMail, trx?: Db): Promise<string> {
      const id = await enqueueMail(trx ?? deps.db, mail);
      if (!trx) void deps.worker.kick();
      return id;
    },
    /** An address that left the list gets none of the newsletters still waiting for it. */
    dropPendingNewslettersTo: (to: string, trx?: Db) => dropPendingNewslettersTo(trx ?? deps.db, to),
    /** Housekeeping (a periodic job): sent messages past the retention period go; campaign counts stay. */
    pruneSent: () => deleteSentBefore(deps.db, new Date(Date.now() - SENT_RETENTION_MS).toISOString()),
    /** Wakes the worker now (after a transaction that queued mail has committed). */
    kick: () => void deps.worker.kick(),
  };
}
export type MailService = ReturnType<typeof createMailService>;
