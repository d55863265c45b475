import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';

/** All SQL for newsletter campaigns. Their mails are in the mail module's outbox, asked after through its service. */

/**
 * Records the campaign of a post, with the subject and preheader it is sent with, unless it has one: false
 * when it had (a post is e-mailed at most once).
 */
export async function insertCampaign(
  db: Db,
  postId: string,
  message: { subject: string; preheader: string; countClicks: boolean },
): Promise<boolean> {
  const result = await db
    .insertInto('campaigns')
    .values({
      id: newId(),
      post_id: postId,
      subject: message.subject,
      preheader: message.preheader,
      count_clicks: message.countClicks ? 1 : 0,
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

/** The campaigns whose mails are being sent (fanned out, or stopped). */
export async function sendingCampaignIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('campaigns').select('id').where('status', '=', 'sending').execute();
  return rows.map((r) => r.id);
}

/** Closes a campaign whose mails have all been sent or given up on, keeping its counts. */
export async function markCampaignDone(db: Db, id: string, counts: { sent: number; failed: number }): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ status: 'done', sent: counts.sent, failed: counts.failed, finished_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Stops a campaign's fan-out (its post left the site); the campaign stays, so the post is never e-mailed again. */
export async function stopFanOut(db: Db, id: string): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ status: 'sending', locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'fanning-out')
    .execute();
}

/** Of `ids`, the campaigns that are done (their counts kept). */
export async function doneCampaignIds(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('campaigns')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', 'done')
    .execute();
  return rows.map((r) => r.id);
}

/** The subject, preheader and click counting the editor set for a post's newsletter, if any. */
export function findMessage(db: Db, postId: string) {
  return db
    .selectFrom('newsletter_messages')
    .select(['subject', 'preheader', 'count_clicks'])
    .where('post_id', '=', postId)
    .executeTakeFirst();
}

/** Sets them; click counting left out (undefined) stays as it was (off for a new row). */
export async function saveMessage(
  db: Db,
  postId: string,
  message: { subject: string; preheader: string; countClicks?: boolean },
) {
  const row = {
    subject: message.subject,
    preheader: message.preheader,
    updated_at: now(),
    ...(message.countClicks === undefined ? {} : { count_clicks: message.countClicks ? 1 : 0 }),
  };
  await db
    .insertInto('newsletter_messages')
    .values({ post_id: postId, ...row })
    .onConflict((oc) => oc.column('post_id').doUpdateSet(row))
    .execute();
}

/** A link's token: 128 random bits, so the addresses of a newsletter cannot be guessed from one another. */
const linkToken = () => randomBytes(16).toString('base64url');

/**
 * The links of a campaign that counts clicks, in the order they appear in its e-mail: each given address
 * gets a row with a token unless it has one (a fan-out resumed after a crash finds the rows it made).
 * Answers every link of the campaign by address.
 */
export async function linksFor(db: Db, campaignId: string, urls: string[]): Promise<Map<string, string>> {
  if (urls.length) {
    const at = now();
    await db
      .insertInto('newsletter_links')
      .values(
        urls.map((url, position) => ({ id: linkToken(), campaign_id: campaignId, url, position, created_at: at })),
      )
      .onConflict((oc) => oc.columns(['campaign_id', 'url']).doNothing())
      .execute();
  }
  const rows = await db
    .selectFrom('newsletter_links')
    .select(['id', 'url'])
    .where('campaign_id', '=', campaignId)
    .execute();
  return new Map(rows.map((r) => [r.url, r.id]));
}

/** The address a link's token leads to, if there is such a link. */
export async function findLink(db: Db, token: string): Promise<string | undefined> {
  const row = await db.selectFrom('newsletter_links').select('url').where('id', '=', token).executeTakeFirst();
  return row?.url;
}

/** Adds clicks counted in memory: `clicks = clicks + n`, never a read-then-write, so processes add up. */
export async function addClicks(db: Db, token: string, n: number): Promise<void> {
  await db
    .updateTable('newsletter_links')
    .set((eb) => ({ clicks: eb('clicks', '+', n) }))
    .where('id', '=', token)
    .execute();
}

/** A campaign's links with their counts: most clicked first, then in the order of the e-mail. */
export function campaignLinks(db: Db, campaignId: string) {
  return db
    .selectFrom('newsletter_links')
    .select(['url', 'clicks'])
    .where('campaign_id', '=', campaignId)
    .orderBy('clicks', 'desc')
    .orderBy('position')
    .execute();
}
