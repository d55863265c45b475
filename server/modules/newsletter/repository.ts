import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';

/** All SQL for newsletter campaigns (and the outbox counts of their mails). */

/** Records the campaign of a post unless it has one: false when it had (a post is e-mailed at most once). */
export async function insertCampaign(db: Db, postId: string): Promise<boolean> {
  const result = await db
    .insertInto('campaigns')
    .values({
      id: newId(),
      post_id: postId,
      status: 'fanning-out',
      cursor: null,
      locked_until: null,
      created_at: now(),
      finished_at: null,
    })
    .onConflict((oc) => oc.column('post_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findCampaignOfPost(db: Db, postId: string) {
  return db.selectFrom('campaigns').selectAll().where('post_id', '=', postId).executeTakeFirst();
}

/**
 * Takes one campaign that still has subscribers to fan out, for `lockMs`: a compare-and-set on its lock,
 * so two workers never fan out the same campaign at once (and the unique dedupe key of its mails would
 * catch it if they did). A worker that died leaves a lock that expires.
 */
export async function claimCampaign(db: Db, lockMs: number) {
  const at = now();
  const candidate = await db
    .selectFrom('campaigns')
    .select(['id', 'locked_until'])
    .where('status', '=', 'fanning-out')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .orderBy('created_at')
    .executeTakeFirst();
  if (!candidate) return undefined;
  const lockedUntil = new Date(Date.now() + lockMs).toISOString();
  let claim = db.updateTable('campaigns').set({ locked_until: lockedUntil }).where('id', '=', candidate.id);
  claim =
    candidate.locked_until === null
      ? claim.where('locked_until', 'is', null)
      : claim.where('locked_until', '=', candidate.locked_until);
  const result = await claim.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('campaigns').selectAll().where('id', '=', candidate.id).executeTakeFirstOrThrow();
}

/** After a chunk: the last subscriber done, how many were added, and a fresh lock. */
export async function advanceCampaign(db: Db, id: string, cursor: string, added: number, lockMs: number) {
  await db
    .updateTable('campaigns')
    .set((eb) => ({
      cursor,
      recipients: eb('recipients', '+', added),
      locked_until: new Date(Date.now() + lockMs).toISOString(),
    }))
    .where('id', '=', id)
    .execute();
}

export async function markFannedOut(db: Db, id: string) {
  await db.updateTable('campaigns').set({ status: 'sending', locked_until: null }).where('id', '=', id).execute();
}

/** How many of a campaign's mails are in each outbox state. */
export async function outboxCounts(db: Db, campaignId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Campaigns whose mails have all been sent or given up on: their counts are kept and they are done. */
export async function finishCampaigns(db: Db): Promise<void> {
  const sending = await db.selectFrom('campaigns').select('id').where('status', '=', 'sending').execute();
  for (const { id } of sending) {
    const counts = await outboxCounts(db, id);
    if ((counts.pending ?? 0) + (counts.sending ?? 0) > 0) continue;
    await db
      .updateTable('campaigns')
      .set({ status: 'done', sent: counts.sent ?? 0, failed: counts.failed ?? 0, finished_at: now() })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
  }
}

/**
 * Stops a post's campaign: no further fan-out, and its mails not yet claimed by a worker, or failed, are
 * dropped (those being sent finish). The campaign stays, so the post is never e-mailed again.
 */
export async function cancelCampaignOfPost(db: Db, postId: string): Promise<void> {
  const campaign = await findCampaignOfPost(db, postId);
  if (!campaign) return;
  await db
    .updateTable('campaigns')
    .set({ status: 'sending', locked_until: null })
    .where('id', '=', campaign.id)
    .where('status', '=', 'fanning-out')
    .execute();
  // Failed ones too: a Retry must not send a post that is no longer on the site.
  await db
    .deleteFrom('mail_outbox')
    .where('campaign_id', '=', campaign.id)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
}

/** The mails of a campaign that failed for good, with the reason. */
export function failedMails(db: Db, campaignId: string, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['to_address', 'last_error'])
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'failed')
    .orderBy('to_address')
    .limit(limit)
    .execute();
}
