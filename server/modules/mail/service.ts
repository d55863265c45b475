import type { Db } from '#server/db/database.ts';
import { enqueueMail, type OutgoingMail } from './outbox-repository';
import type { MailWorker } from './worker';

/** The one way the product sends e-mail: store in the outbox, then let the worker deliver it. */
export function createMailService(db: Db, worker: MailWorker) {
  return {
    async queue(mail: OutgoingMail): Promise<string> {
      const id = await enqueueMail(db, mail);
      void worker.kick();
      return id;
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
