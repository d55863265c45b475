import { createHash } from 'node:crypto';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import type { OutgoingMail as OutgoingMailView, OutgoingMailView as ListView } from '#shared/api/mail.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError, NotFoundError, UpstreamError } from '#server/errors.ts';
import type { MailTransport } from '#server/lib/mail-transport.ts';
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
  deliveryTrouble,
  discardUnsent,
  enqueueClaimed,
  enqueueMail,
  enqueueMany,
  enqueueUnderFreeKey,
  findOutboxRow,
  listOutbox,
  retryNow,
  type OutboxRow,
  type OutgoingMail,
} from './outbox-repository';
import { giveUpAtOf, LOCK_MS, RETRY_WINDOW_MS, type MailWorker } from './worker';
import { markAttemptFailed, markSent } from './claim-repository';

/** What other modules hand to `queue`: they import it from here, never from the mail module's repository. */
export type { OutgoingMail };

/** How long sent messages are kept (for the record of what went out). */
export const SENT_RETENTION_MS = 7 * 24 * 3600_000;
/** At most this many messages are listed for the administrator at once. */
const LIST_LIMIT = 500;
/** How long a test send waits for the mail server's answer (docs/product.md#newsletter-tools). */
export const SEND_NOW_DEADLINE_MS = 15_000;
/** Failures for this long, with nothing sent meanwhile, put a notice above the admin (docs/product.md#outgoing-mail). */
export const TROUBLE_AFTER_MS = 15 * 60_000;

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
  /** The worker's transport, for the one mail sent while its sender waits (`sendNow`). */
  transport: MailTransport;
  sendNowDeadlineMs?: number;
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
    /**
     * Sends one mail at once and answers only when the mail server has taken it: a test send, whose point
     * is the server's answer now (behind a newsletter in the outbox it could wait minutes). It is stored in
     * the outbox as the record, already claimed, and sent here rather than by the worker; a refused one is
     * marked failed at once (never retried days later). The server's refusal, or its silence past the
     * deadline, is an UpstreamError with its words.
     */
    async sendNow(mail: OutgoingMail): Promise<void> {
      const deadlineMs = deps.sendNowDeadlineMs ?? SEND_NOW_DEADLINE_MS;
      const at = clock();
      const claim = new Date(at.getTime() + LOCK_MS).toISOString();
      const id = await enqueueClaimed(db, mail, claim);
      const message = {
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      };
      // Settles the outbox row whenever the server answers, even after the sender stopped waiting.
      const sent = deps.transport.send({ ...message, createdAt: at.toISOString() }).then(
        async () => {
          await markSent(db, id, claim, clock());
        },
        async (err: unknown) => {
          const error = err instanceof Error ? err.message : String(err);
          await markAttemptFailed(db, id, claim, { error, retryAt: null, at: clock() });
          throw new UpstreamError(SERVER_MESSAGES.mailServerRefused(error));
        },
      );
      let timer: NodeJS.Timeout | undefined;
      const silent = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new UpstreamError(SERVER_MESSAGES.mailServerSilent(Math.round(deadlineMs / 1000)))),
          deadlineMs,
        );
      });
      sent.catch(() => undefined);
      try {
        await Promise.race([sent, silent]);
      } finally {
        clearTimeout(timer);
      }
    },
    /**
     * Delivery failing as a whole for TROUBLE_AFTER_MS (see `deliveryTrouble`): since when, the last error
     * and how many mails wait; null while mail goes out or failures are younger.
     */
    async trouble(): Promise<{ since: string; lastError: string; waiting: number } | null> {
      const trouble = await deliveryTrouble(db);
      if (!trouble || clock().getTime() - Date.parse(trouble.since) < TROUBLE_AFTER_MS) return null;
      return trouble;
    },
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
