import { createHash } from 'node:crypto';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import type { OutgoingMail as OutgoingMailView, OutgoingMailView as ListView } from '#shared/api/mail.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError, NotFoundError } from '#server/errors.ts';
import {
  campaignMailCounts,
  campaignsWithSentBefore,
  dropPendingNewslettersTo,
  dropUnsentOfCampaign,
  failedCampaignMails,
} from './campaign-mail-repository';
import {
  countUnsent,
  deleteSentBefore,
  discardUnsent,
  enqueueMail,
  enqueueMany,
  enqueueUnderFreeKey,
  findOutboxRow,
  listOutbox,
  retryNow,
  type OutboxRow,
  type OutgoingMail,
} from './outbox-repository';
import { giveUpAtOf, RETRY_WINDOW_MS, type MailWorker } from './worker';

/** What other modules hand to `queue`: they import it from here, never from the mail module's repository. */
export type { OutgoingMail };

/** How long sent messages are kept (for the record of what went out). */
export const SENT_RETENTION_MS = 7 * 24 * 3600_000;
/** At most this many messages are listed for the administrator at once. */
const LIST_LIMIT = 500;

type ListedRow = Pick<
  OutboxRow,
  | 'id'
  | 'kind'
  | 'to_address'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'last_error'
  | 'next_attempt_at'
  | 'created_at'
  | 'give_up_at'
  | 'requested_by'
>;

const toView = (row: ListedRow): OutgoingMailView => ({
  _id: row.id,
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  status: row.status === 'sent' ? 'pending' : row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  nextAttemptAt: row.status === 'failed' ? null : row.next_attempt_at,
  giveUpAt: new Date(giveUpAtOf(row)).toISOString(),
  createdAt: row.created_at,
  ...(row.requested_by ? { requestedBy: row.requested_by } : {}),
});

/** Where a newsletter campaign's mails stand in the outbox: `waiting` counts those pending or being sent. */
export interface CampaignProgress {
  waiting: number;
  sent: number;
  failed: number;
}

/**
 * The one way the product sends e-mail: store it in the outbox, then let the worker deliver it. Given the
 * transaction that stores the record the mail is about, the mail is queued in it, so both are kept or
 * neither is; the caller kicks the worker after the commit. The outbox is this module's alone: other
 * modules queue and ask after their mails here.
 */
export function createMailService(deps: {
  db: Db;
  worker: MailWorker;
  now?: () => Date;
  /**
   * Of these newsletter campaigns, those that are done and have kept their counts (the newsletter module
   * knows): only their sent mails may be cleaned up.
   */
  doneCampaigns: (ids: string[]) => Promise<string[]>;
}) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  /** A message the administrator may act on: waiting or failed, not being sent nor sent. */
  async function unsentRow(id: string): Promise<OutboxRow> {
    const row = await findOutboxRow(db, id);
    if (!row) throw new NotFoundError(SERVER_MESSAGES.mailNotFound);
    if (row.status === 'sending') throw new ConflictError(SERVER_MESSAGES.mailBeingSent);
    if (row.status === 'sent') throw new ConflictError(SERVER_MESSAGES.mailAlreadySent);
    return row;
  }

  return {
    async queue(mail: OutgoingMail, trx?: Db): Promise<string> {
      const id = await enqueueMail(trx ?? db, mail);
      if (!trx) void deps.worker.kick();
      return id;
    },
    /**
     * Queues a mail that anyone may make the site send to any address (a subscription's confirmation)
     * unless that address already got `perDay` of its kind today (UTC), whoever asked and from however many
     * client addresses: the per-address rate limits cannot stop a flood aimed at one mailbox from many.
     * Answers whether it was queued; callers answer their client the same either way.
     */
    async queueCapped(mail: OutgoingMail, perDay: number, trx?: Db): Promise<boolean> {
      const day = clock().toISOString().slice(0, 10);
      // A digest, not the address: the key's column is short and an address may be 254 characters.
      const recipient = createHash('sha256').update(mail.to.trim().toLowerCase()).digest('hex').slice(0, 32);
      const keys = Array.from({ length: perDay }, (_, i) => `${mail.kind}:${recipient}:${day}:${i + 1}`);
      const queued = await enqueueUnderFreeKey(trx ?? db, mail, keys);
      if (queued && !trx) void deps.worker.kick();
      return queued;
    },
    /** Queues many mails in one statement (a chunk of a newsletter); a `dedupeKey` already queued is left out. */
    async queueMany(mails: OutgoingMail[], trx?: Db): Promise<void> {
      await enqueueMany(trx ?? db, mails);
      if (!trx) void deps.worker.kick();
    },
    /** An address that left the list gets none of the newsletters still waiting for it. */
    dropPendingNewslettersTo: (to: string, trx?: Db) => dropPendingNewslettersTo(trx ?? db, to),
    /** A campaign that stops (its post left the site): its mails not yet being sent, or failed, are dropped. */
    dropUnsentOfCampaign: (campaignId: string, trx?: Db) => dropUnsentOfCampaign(trx ?? db, campaignId),
    /** How far a campaign's mails have gone (its live counts while it sends, and whether any wait). */
    async campaignProgress(campaignId: string): Promise<CampaignProgress> {
      const counts = await campaignMailCounts(db, campaignId);
      return {
        waiting: (counts.pending ?? 0) + (counts.sending ?? 0),
        sent: counts.sent ?? 0,
        failed: counts.failed ?? 0,
      };
    },
    /** A campaign's mails that failed for good, by address, at most `limit`. */
    async campaignFailures(campaignId: string, limit: number): Promise<Array<{ to: string; error: string | null }>> {
      const rows = await failedCampaignMails(db, campaignId, limit);
      return rows.map((r) => ({ to: r.to_address, error: r.last_error }));
    },
    /** Unsent mail, waiting and failed (metrics). */
    outboxDepth: () => countUnsent(db),
    /** Housekeeping (a periodic job): sent messages past the retention period go; campaign counts stay. */
    async pruneSent(): Promise<number> {
      const before = new Date(clock().getTime() - SENT_RETENTION_MS).toISOString();
      const campaigns = await campaignsWithSentBefore(db, before);
      return deleteSentBefore(db, before, campaigns.length ? await deps.doneCampaigns(campaigns) : []);
    },
    /** Wakes the worker now (after a transaction that queued mail has committed). */
    kick: () => void deps.worker.kick(),

    /** Failed messages, or those still to be sent, for the admin's Outgoing mail screen. */
    async list(view: ListView): Promise<{ mails: OutgoingMailView[]; total: number }> {
      const { rows, total } = await listOutbox(db, view, LIST_LIMIT);
      return { mails: rows.map(toView), total };
    },

    /** Tries a waiting or failed message now; it is retried for another three days if that fails. */
    async retry(id: string): Promise<OutgoingMailView> {
      await unsentRow(id);
      const at = clock();
      if (!(await retryNow(db, id, at, new Date(at.getTime() + RETRY_WINDOW_MS)))) await unsentRow(id);
      const row = await findOutboxRow(db, id);
      if (!row) throw new NotFoundError(SERVER_MESSAGES.mailNotFound);
      void deps.worker.kick();
      return toView(row);
    },

    /** Drops a waiting or failed message for good. */
    async discard(id: string): Promise<{ _id: string }> {
      await unsentRow(id);
      if (!(await discardUnsent(db, id))) await unsentRow(id);
      return { _id: id };
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
