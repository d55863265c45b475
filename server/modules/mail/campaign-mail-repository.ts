import type { Db } from '#server/db/database.ts';

/**
 * The outbox's newsletter mails, those with a `campaign_id`. The campaigns themselves are the newsletter
 * module's: it asks after its mails through the mail service, never in this table.
 */

/** How many of a campaign's mails are in each outbox state. */
export async function campaignMailCounts(db: Db, campaignId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The mails of a campaign that failed for good, with the reason. */
export function failedCampaignMails(db: Db, campaignId: string, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['to_address', 'last_error'])
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'failed')
    .orderBy('to_address')
    .limit(limit)
    .execute();
}

/** Drops a campaign's mails not yet claimed by a worker, and those that failed; those being sent finish. */
export async function dropUnsentOfCampaign(db: Db, campaignId: string): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('campaign_id', '=', campaignId)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
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

/** The campaigns with sent mails older than `before` (which housekeeping may delete once they are done). */
export async function campaignsWithSentBefore(db: Db, before: string): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('campaign_id')
    .distinct()
    .where('status', '=', 'sent')
    .where('sent_at', '<', before)
    .where('campaign_id', 'is not', null)
    .execute();
  return rows.map((r) => r.campaign_id!);
}
