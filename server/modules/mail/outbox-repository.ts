import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import type { MailOutboxTable } from '#server/db/schema.ts';

/**
 * The outbox's SQL for queueing, the administrator's Outgoing mail screen and housekeeping. The worker's
 * claims are in claim-repository.ts, the questions about newsletter mails in campaign-mail-repository.ts.
 */

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
  /** The person whose action sends it, for the Outgoing mail screen. */
  requestedBy?: string;
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
    requested_by: mail.requestedBy ?? null,
    claimed_by: null,
    give_up_at: null,
  };
}

/**
 * Stores a mail already claimed for sending until `lockedUntil` (its first attempt counted), for the one
 * mail sent while its sender waits: the worker leaves it alone unless the claim runs out (the process died
 * mid-send), and then sends it as any other. Answers its id.
 */
export async function enqueueClaimed(db: Db, mail: OutgoingMail, lockedUntil: string): Promise<string> {
  const row = { ...outboxRow(mail), status: 'sending' as const, attempts: 1, locked_until: lockedUntil };
  await db.insertInto('mail_outbox').values(row).execute();
  return row.id;
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

/**
 * Queues a mail under the first of `keys` not yet in the outbox; false (nothing queued) when every one is
 * taken. The unique index on `dedupe_key` makes this exact across transactions and processes: of two
 * inserts of one key, the second waits for the first and then finds it.
 */
export async function enqueueUnderFreeKey(db: Db, mail: OutgoingMail, keys: readonly string[]): Promise<boolean> {
  for (const key of keys) {
    const result = await db
      .insertInto('mail_outbox')
      .values(outboxRow({ ...mail, dedupeKey: key }))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
  }
  return false;
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
      'requested_by',
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
 * Housekeeping: sent messages older than `before` are of no further use. Those of a newsletter stay until
 * its campaign is done and has kept its counts: only the campaigns in `doneCampaigns` lose theirs.
 */
export async function deleteSentBefore(db: Db, before: string, doneCampaigns: string[]): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', before)
    .where((eb) =>
      doneCampaigns.length
        ? eb.or([eb('campaign_id', 'is', null), eb('campaign_id', 'in', doneCampaigns)])
        : eb('campaign_id', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Whether delivery as a whole is failing, not one bad mailbox: the oldest mail still being retried after
 * a failed try that was queued after the last mail that went out (the `mail_outbox_sent_idx` index of
 * 2026-11-26-0014 answers the last send at once), with the newest such mail's error and how many wait.
 * Undefined when nothing queued since the last send has failed.
 */
export async function deliveryTrouble(db: Db) {
  const lastSent = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.max('sent_at').as('at'))
    .where('status', '=', 'sent')
    .executeTakeFirst();
  let failing = db
    .selectFrom('mail_outbox')
    .where('status', 'in', ['pending', 'sending'])
    .where('last_error', 'is not', null);
  if (lastSent?.at) failing = failing.where('created_at', '>', lastSent.at);
  const [oldest, newest, count] = await Promise.all([
    failing.select('created_at').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst(),
    failing.select('last_error').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
    failing.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  if (!oldest || !newest) return undefined;
  return { since: oldest.created_at, lastError: newest.last_error ?? '', waiting: Number(count.n) };
}
