import { sql } from 'kysely';
import type { Db, DbKind } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import type { MailOutboxTable } from '#server/db/schema.ts';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** The newsletter campaign the mail belongs to. */
  campaignId?: string;
  /** A mail with a key already in the outbox is not queued again (one newsletter per subscriber and post). */
  dedupeKey?: string;
}

export type OutboxRow = MailOutboxTable;

function outboxRow(mail: OutgoingMail) {
  const at = now();
  return {
    id: newId(),
    kind: mail.kind,
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: at,
    locked_until: null,
    last_error: null,
    created_at: at,
    sent_at: null,
    campaign_id: mail.campaignId ?? null,
    dedupe_key: mail.dedupeKey ?? null,
  };
}

export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const row = outboxRow(mail);
  await db.insertInto('mail_outbox').values(row).execute();
  return row.id;
}

/** Queues many mails in one statement; those whose `dedupeKey` is already queued are left out. */
export async function enqueueMany(db: Db, mails: OutgoingMail[]): Promise<void> {
  if (!mails.length) return;
  await db
    .insertInto('mail_outbox')
    .values(mails.map(outboxRow))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * Claims due messages for one worker. A claim sets `locked_until`; a worker that dies mid-send leaves a
 * lock that expires, and the message becomes due again. On PostgreSQL `FOR UPDATE SKIP LOCKED` keeps
 * concurrent workers from claiming the same rows. On SQLite the claim is one UPDATE … RETURNING: a single
 * statement takes the write lock at once, whereas a read-then-write transaction of a second connection
 * fails with SQLITE_BUSY when another claim committed in between (and in one process its busy wait
 * would block the event loop that has to finish the other claim).
 */
export async function claimDueMail(db: Db, kind: DbKind, limit: number, lockMs: number): Promise<OutboxRow[]> {
  const at = now();
  const lockedUntil = new Date(Date.now() + lockMs).toISOString();
  const due = (qb: Db) =>
    qb
      .selectFrom('mail_outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', at)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(limit);
  const claim = (qb: Db) =>
    qb
      .updateTable('mail_outbox')
      .set({ status: 'sending', locked_until: lockedUntil, attempts: sql<number>`attempts + 1` });
  if (kind === 'sqlite') return claim(db).where('id', 'in', due(db)).returningAll().execute();
  return db.transaction().execute(async (trx) => {
    const ids = (await due(trx).forUpdate().skipLocked().execute()).map((r) => r.id);
    if (!ids.length) return [];
    return claim(trx).where('id', 'in', ids).returningAll().execute();
  });
}

/**
 * Extends a claim right before its message is sent; null when the claim is no longer this worker's (it
 * ran out and another worker took the message), in which case the message must not be sent.
 */
export async function renewClaim(db: Db, id: string, claimedUntil: string, lockMs: number): Promise<string | null> {
  const lockedUntil = new Date(Date.now() + lockMs).toISOString();
  const result = await db
    .updateTable('mail_outbox')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('locked_until', '=', claimedUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? lockedUntil : null;
}

/** Marks a message sent, if the claim it was sent under is still the one that holds it. */
export async function markSent(db: Db, id: string, claim?: string): Promise<void> {
  let query = db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: now(), locked_until: null, last_error: null })
    .where('id', '=', id);
  if (claim) query = query.where('locked_until', '=', claim);
  await query.execute();
}

export async function markAttemptFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: retryAt ? 'pending' : 'failed',
      next_attempt_at: (retryAt ?? new Date()).toISOString(),
      locked_until: null,
      last_error: error.slice(0, 2000),
    })
    .where('id', '=', id)
    .execute();
}

/** Drops the newsletters waiting for an address (its owner unsubscribed); those being sent finish. */
export async function dropPendingNewslettersTo(db: Db, to: string): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('to_address', '=', to)
    .where('campaign_id', 'is not', null)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Housekeeping: sent messages older than `before` are of no further use. Those of a newsletter still
 * being sent stay until its campaign is done and has kept its counts.
 */
export async function deleteSentBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', before)
    .where((eb) =>
      eb.or([
        eb('campaign_id', 'is', null),
        eb('campaign_id', 'in', eb.selectFrom('campaigns').select('id').where('status', '=', 'done')),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
