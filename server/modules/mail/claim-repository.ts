import { sql } from 'kysely';
import type { Db, DbKind } from '#server/db/database.ts';
import type { OutboxRow } from './outbox-repository';

/**
 * The worker's SQL: claiming due messages and settling them under the claim they were taken with, so a
 * message another worker took over is never sent twice (docs/decisions/0007-newsletter-campaigns.md).
 */

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
