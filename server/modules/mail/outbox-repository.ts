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
    claimed_by: null,
    give_up_at: null,
  };
}

/** Queues one mail; one whose `dedupeKey` is already in the outbox is left out (its id is then not stored). */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const row = outboxRow(mail);
  await db
    .insertInto('mail_outbox')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
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
 * Claims due messages for one worker (`claimedBy`), mails of a person (a reset code, a confirmation, a
 * contact notification) before newsletter mails, then in the order they became due. A claim sets
 * `locked_until`; a worker that dies mid-send leaves a lock that expires (or that its successor on the
 * same host releases at start-up), and the message becomes due again. On PostgreSQL `FOR UPDATE SKIP
 * LOCKED` keeps concurrent workers from claiming the same rows. On SQLite the claim is one UPDATE …
 * RETURNING: a single statement takes the write lock at once, whereas a read-then-write transaction of a
 * second connection fails with SQLITE_BUSY when another claim committed in between (and in one process
 * its busy wait would block the event loop that has to finish the other claim).
 */
export async function claimDueMail(
  db: Db,
  kind: DbKind,
  claim: { limit: number; lockMs: number; at: Date; claimedBy: string },
): Promise<OutboxRow[]> {
  const at = claim.at.toISOString();
  const lockedUntil = new Date(claim.at.getTime() + claim.lockMs).toISOString();
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
      .orderBy(sql`case when campaign_id is null then 0 else 1 end`)
      .orderBy('next_attempt_at')
      .limit(claim.limit);
  const update = (qb: Db) =>
    qb.updateTable('mail_outbox').set({
      status: 'sending',
      locked_until: lockedUntil,
      claimed_by: claim.claimedBy,
      attempts: sql<number>`attempts + 1`,
    });
  if (kind === 'sqlite') return update(db).where('id', 'in', due(db)).returningAll().execute();
  return db.transaction().execute(async (trx) => {
    const ids = (await due(trx).forUpdate().skipLocked().execute()).map((r) => r.id);
    if (!ids.length) return [];
    return update(trx).where('id', 'in', ids).returningAll().execute();
  });
}

/**
 * Extends a claim right before its message is sent; null when the claim is no longer this worker's (it
 * ran out and another worker took the message), in which case the message must not be sent.
 */
export async function renewClaim(
  db: Db,
  id: string,
  claimedUntil: string,
  lockMs: number,
  at: Date,
): Promise<string | null> {
  const lockedUntil = new Date(at.getTime() + lockMs).toISOString();
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
export async function markSent(db: Db, id: string, claim: string, at: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: at.toISOString(), locked_until: null, claimed_by: null, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('locked_until', '=', claim)
    .execute();
}

/**
 * Records a failed attempt: due again at `retryAt`, or failed for good when it is null. Only under the
 * claim the attempt was made with, so a late failure never undoes what another worker did since.
 */
export async function markAttemptFailed(
  db: Db,
  id: string,
  claim: string,
  failure: { error: string; retryAt: Date | null; at: Date },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: failure.retryAt ? 'pending' : 'failed',
      next_attempt_at: (failure.retryAt ?? failure.at).toISOString(),
      locked_until: null,
      claimed_by: null,
      last_error: failure.error.slice(0, 2000),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('locked_until', '=', claim)
    .execute();
}

/** The holders of live-looking claims whose `claimed_by` starts with `prefix`. */
export async function claimHolders(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('claimed_by')
    .distinct()
    .where('status', '=', 'sending')
    .where('claimed_by', 'like', `${prefix.replace(/[\\%_]/g, '')}%`)
    .execute();
  return rows.map((r) => r.claimed_by!).filter(Boolean);
}

/** Gives the messages claimed by `holders` (processes known to be dead) back to the queue, due at `at`. */
export async function releaseClaims(db: Db, holders: string[], at: Date): Promise<number> {
  if (!holders.length) return 0;
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', locked_until: null, claimed_by: null, next_attempt_at: at.toISOString() })
    .where('status', '=', 'sending')
    .where('claimed_by', 'in', holders)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type OutboxListStatus = 'pending' | 'failed';

/**
 * The administrator's view: failed messages newest first, or those still to be sent (waiting or being
 * sent) in the order they are due; at most `limit`, with how many there are in all.
 */
export async function listOutbox(db: Db, status: OutboxListStatus, limit: number) {
  const statuses = status === 'failed' ? (['failed'] as const) : (['pending', 'sending'] as const);
  let query = db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'kind',
      'to_address',
      'subject',
      'status',
      'attempts',
      'last_error',
      'next_attempt_at',
      'created_at',
      'give_up_at',
    ])
    .where('status', 'in', statuses);
  query =
    status === 'failed'
      ? query.orderBy('next_attempt_at', 'desc').orderBy('id')
      : query.orderBy('next_attempt_at').orderBy('id');
  const [rows, total] = await Promise.all([
    query.limit(limit).execute(),
    db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', 'in', statuses)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** How much unsent mail there is: waiting (pending, or being sent) and failed (metrics). */
export async function countUnsent(db: Db): Promise<{ waiting: number; failed: number }> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('status', 'in', ['pending', 'sending', 'failed'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { waiting: count('pending') + count('sending'), failed: count('failed') };
}

export function findOutboxRow(db: Db, id: string) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Makes a waiting or failed message due at `at` with a new last day for retries; false when it is not
 * waiting or failed (any more).
 */
export async function retryNow(db: Db, id: string, at: Date, giveUpAt: Date): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', next_attempt_at: at.toISOString(), give_up_at: giveUpAt.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a waiting or failed message; false when it is not waiting or failed (any more). */
export async function discardUnsent(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Drops the newsletters waiting for an address (its owner unsubscribed), and those that failed, so no
 * Retry on the Outgoing mail screen can send one after all; those being sent finish.
 */
export async function dropPendingNewslettersTo(db: Db, to: string): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('to_address', '=', to)
    .where('campaign_id', 'is not', null)
    .where('status', 'in', ['pending', 'failed'])
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
