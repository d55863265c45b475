import { PUBLISHING_MESSAGES } from '#shared/messages.ts';
import type { DeliveryReport, MailPreview, Settings, SiteSettings } from '#shared/api/newsletter.ts';
import type { AdminPost, PostDetails } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import type { ActivityActor, ActivityRecorder } from '#server/modules/activity/service.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import type { SubscriberService } from '#server/modules/subscribers/service.ts';
import * as repo from './repository';
import { newsletterMail } from './template';

/** Subscribers fanned out per transaction: small enough to commit quickly, large enough to be quick. */
const CHUNK = 500;
const LOCK_MS = 60_000;
const FAILURES_SHOWN = 100;
const BODY_SETTING = 'newsletter-body';

/**
 * Newsletters sent on purpose (docs/product.md#blog-posts): publishing a post the administrator chose to
 * e-mail records a campaign in the publishing transaction and returns; the mail worker then fans the
 * campaign out into the outbox in chunks, one row per confirmed subscriber (a unique key per subscriber
 * and campaign), and sends them. A post has at most one campaign.
 */
export function createNewsletterService(deps: {
  db: Db;
  mail: MailService;
  subscribers: SubscriberService;
  siteMeta: SiteMeta;
  siteName: string;
  publicUrl: string;
  timeZone: string;
  getPost: (id: string) => Promise<PostDetails>;
  activity: ActivityRecorder;
}) {
  const { db, mail, subscribers } = deps;

  async function settings(): Promise<SiteSettings> {
    const body = await deps.siteMeta.readSetting(BODY_SETTING);
    return { newsletterBody: body === 'full' ? 'full' : 'excerpt', timeZone: deps.timeZone };
  }
  const site = async () => ({
    siteName: deps.siteName,
    publicUrl: deps.publicUrl,
    body: (await settings()).newsletterBody,
  });

  /** Fans out one claimed campaign to the end, a chunk per transaction; a crash resumes after the last chunk. */
  async function fanOut(campaign: NonNullable<Awaited<ReturnType<typeof repo.claimCampaign>>>) {
    const post = await deps.getPost(campaign.post_id);
    const template = await site();
    let cursor = campaign.cursor;
    for (;;) {
      const batch = await subscribers.confirmedBatch(cursor, campaign.created_at, CHUNK);
      if (!batch.length) break;
      const last = batch[batch.length - 1]!.id;
      await db.transaction().execute(async (trx) => {
        await mail.queueMany(
          batch.map((s) => ({
            ...newsletterMail(s.email, post, template, s.links),
            campaignId: campaign.id,
            dedupeKey: `${campaign.id}:${s.id}`,
          })),
          trx,
        );
        await repo.advanceCampaign(trx, campaign.id, last, batch.length, LOCK_MS);
      });
      cursor = last;
      mail.kick();
    }
    await repo.markFannedOut(db, campaign.id);
  }

  return {
    /** Inside the transaction that publishes `post`: records its campaign, unless it already has one. */
    start: (trx: Db, post: PostDetails) => repo.insertCampaign(trx, post._id),

    /** At the start of a mail worker's pass: fans out every waiting campaign. */
    async work(): Promise<void> {
      for (
        let campaign = await repo.claimCampaign(db, LOCK_MS);
        campaign;
        campaign = await repo.claimCampaign(db, LOCK_MS)
      ) {
        await fanOut(campaign);
      }
    },

    /** At the end of a pass: closes the campaigns whose mails have all been sent or given up on. */
    async finish(): Promise<void> {
      for (const id of await repo.sendingCampaignIds(db)) {
        const progress = await mail.campaignProgress(id);
        if (progress.waiting > 0) continue;
        await repo.markCampaignDone(db, id, progress);
      }
    },

    /**
     * Inside the transaction that takes a post off the site: no further fan-out, and its mails not yet
     * being sent, or failed (a Retry must not send a post that is no longer on the site), are dropped.
     */
    async cancel(trx: Db, postId: string): Promise<void> {
      const campaign = await repo.findCampaignOfPost(trx, postId);
      if (!campaign) return;
      await repo.stopFanOut(trx, campaign.id);
      await mail.dropUnsentOfCampaign(campaign.id, trx);
    },

    /** Of these campaigns, those that are done: the mail module may then clean up their sent mails. */
    doneAmong: (campaignIds: string[]) => repo.doneCampaignIds(db, campaignIds),

    /** A post as the editor sees it: with whether it will be, or has been, e-mailed. */
    async withState({
      post,
      newsletterOnPublish,
    }: {
      post: PostDetails;
      newsletterOnPublish: boolean;
    }): Promise<Omit<AdminPost, 'review' | 'authors'>> {
      const sent = (await repo.findCampaignOfPost(db, post._id)) !== undefined;
      return { ...post, newsletter: { onPublish: newsletterOnPublish && !sent, sent } };
    },

    async report(postId: string): Promise<DeliveryReport | null> {
      const campaign = await repo.findCampaignOfPost(db, postId);
      if (!campaign) return null;
      const live = campaign.status !== 'done';
      const progress = live ? await mail.campaignProgress(campaign.id) : null;
      const failures = await mail.campaignFailures(campaign.id, FAILURES_SHOWN);
      return {
        status: campaign.status,
        recipients: campaign.recipients,
        sent: progress ? progress.sent : campaign.sent,
        failed: progress ? progress.failed : campaign.failed,
        pending: progress ? progress.waiting : 0,
        startedAt: campaign.created_at,
        finishedAt: campaign.finished_at,
        failures: failures.map((f) => ({ email: f.to, error: f.error ?? '' })),
      };
    },

    /** The newsletter of a post as a subscriber gets it (with links that lead nowhere). */
    async preview(postId: string): Promise<MailPreview> {
      const mailOf = newsletterMail(
        'reader@example.com',
        await deps.getPost(postId),
        await site(),
        await subscribers.linksOf('preview'),
      );
      return { subject: mailOf.subject, html: mailOf.html ?? '', text: mailOf.text };
    },

    /**
     * Sends the newsletter of a post to `to` only, marked as a test; nothing else changes. It waits for the
     * mail server's answer, so a refusal or silence is told now (docs/product.md#newsletter-tools).
     */
    async sendTest(postId: string, to: string): Promise<string> {
      const test = newsletterMail(to, await deps.getPost(postId), await site(), await subscribers.linksOf('preview'));
      await mail.sendNow({ ...test, kind: 'newsletter-test', subject: `[Test] ${test.subject}` });
      return PUBLISHING_MESSAGES.testSent(to);
    },

    audience: async () => ({ confirmed: await subscribers.confirmedCount() }),

    settings,
    /** Saves the settings; the activity log names those that changed (names only, never values). */
    async saveSettings(next: Settings, actor?: ActivityActor): Promise<SiteSettings> {
      const current = await settings();
      const changed = current.newsletterBody === next.newsletterBody ? [] : ['newsletterBody'];
      await db.transaction().execute(async (trx) => {
        await deps.siteMeta.writeSetting(BODY_SETTING, next.newsletterBody, trx);
        if (changed.length) {
          await deps.activity.record(trx, {
            action: 'settings.changed',
            actor,
            target: { type: 'settings', id: null, label: 'Settings' },
            detail: { changed: changed.join(', ') },
          });
        }
      });
      return settings();
    },
  };
}
