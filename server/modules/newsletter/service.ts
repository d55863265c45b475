import { NEWSLETTER_MESSAGES, PUBLISHING_MESSAGES } from '#shared/messages.ts';
import type { DeliveryReport, MailPreview, Settings, SiteSettings } from '#shared/api/newsletter.ts';
import type { AdminPost, PostDetails } from '#shared/schemas/blog.ts';
import type { NewsletterMessage, NewsletterMessageInput } from '#shared/schemas/newsletter.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError } from '#server/errors.ts';
import type { ActivityActor, ActivityRecorder } from '#server/modules/activity/service.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import type { SubscriberService } from '#server/modules/subscribers/service.ts';
import { createClickCounter, type Visitor } from './clicks';
import { featureImageOf } from './mail-images';
import * as repo from './repository';
import { newsletterMail, type NewsletterLetter } from './template';

/** Subscribers fanned out per transaction: small enough to commit quickly, large enough to be quick. */
const CHUNK = 500;
const LOCK_MS = 60_000;
const FAILURES_SHOWN = 100;
const BODY_SETTING = 'newsletter-body';
/** Links of one e-mail that are counted; a longer address, or links past this many, are left as they are. */
const COUNTED_LINKS = 500;
const COUNTED_URL_MAX = 2_000;

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
  /** S3_PUBLIC_URL, or '': where uploaded pictures are loaded from. */
  mediaUrl: string;
  timeZone: string;
  getPost: (id: string) => Promise<PostDetails>;
  /** Width, height and alt of media library images by their `/uploads/` address. */
  imageSizes: (urls: string[]) => Promise<Array<{ url: string; width: number; height: number; alt: string }>>;
  /** The absolute address of a post's private preview (made on first use). */
  previewUrl: (postId: string) => Promise<string>;
  activity: ActivityRecorder;
  /** How often clicks counted in memory are added to the database (5 s). */
  clickFlushMs?: number;
  /** Reports a failed background flush of the clicks (logged by the caller). */
  onClickFlushError?: (err: unknown) => void;
}) {
  const { db, mail, subscribers } = deps;
  const clicks = createClickCounter({ db, flushMs: deps.clickFlushMs, onFlushError: deps.onClickFlushError });

  /** The defaults (docs/product.md#newsletter-tools): the subject names the title, the preheader is the excerpt. */
  const defaultsOf = (post: PostDetails) => ({
    subject: `New on the ${deps.siteName} blog: ${post.title}`,
    preheader: post.excerpt,
  });
  /** Each of a subject and preheader that is empty (or was never kept: null) replaced by its default. */
  const withDefaults = (post: PostDetails, set: { subject?: string | null; preheader?: string | null } = {}) => {
    const defaults = defaultsOf(post);
    return { subject: set.subject || defaults.subject, preheader: set.preheader || defaults.preheader };
  };

  /** What one send says beyond the post: its subject and preheader, the feature image, where Read more leads. */
  async function letterOf(
    post: PostDetails,
    message: { subject: string; preheader: string },
    readMore: { previewUrl?: string } = {},
  ): Promise<NewsletterLetter> {
    const [size] = post.featureImage ? await deps.imageSizes([post.featureImage]) : [];
    return {
      subject: message.subject,
      preheader: message.preheader,
      featureImage: featureImageOf(post, size, deps),
      readMoreUrl: readMore.previewUrl ?? deps.publicUrl + post.url,
      unpublishedTest: readMore.previewUrl !== undefined,
    };
  }

  async function settings(): Promise<SiteSettings> {
    const body = await deps.siteMeta.readSetting(BODY_SETTING);
    return { newsletterBody: body === 'full' ? 'full' : 'excerpt', timeZone: deps.timeZone };
  }
  const site = async () => ({
    siteName: deps.siteName,
    publicUrl: deps.publicUrl,
    mediaUrl: deps.mediaUrl,
    body: (await settings()).newsletterBody,
  });

  /** The subject and preheader of a post's newsletter: as set (or sent), and the defaults. */
  async function message(postId: string): Promise<NewsletterMessage> {
    const post = await deps.getPost(postId);
    const defaults = defaultsOf(post);
    const campaign = await repo.findCampaignOfPost(db, postId);
    if (campaign) return { ...withDefaults(post, campaign), defaults, sent: true, ...countingOf(campaign) };
    const set = await repo.findMessage(db, postId);
    return { subject: set?.subject ?? '', preheader: set?.preheader ?? '', defaults, sent: false, ...countingOf(set) };
  }

  /** `countClicks` is in the answer only when on: answers from before it existed stay exactly as they were. */
  const countingOf = (row: { count_clicks: number } | undefined) =>
    row?.count_clicks ? { countClicks: true as const } : {};

  /**
   * The links of a campaign that counts clicks, as its e-mail has them (the reader's own unsubscribe links
   * are never among them), each with the token of its row: the e-mail is written once, for nobody, to
   * find them. Answers where each link leads instead.
   */
  async function countedLinks(
    campaignId: string,
    post: PostDetails,
    template: Awaited<ReturnType<typeof site>>,
    letter: NewsletterLetter,
  ): Promise<(url: string) => string> {
    const found: string[] = [];
    const collect = (url: string) => {
      if (url.length <= COUNTED_URL_MAX && found.length < COUNTED_LINKS && !found.includes(url)) found.push(url);
      return url;
    };
    newsletterMail('reader@example.com', post, template, await subscribers.linksOf('preview'), {
      ...letter,
      linkVia: collect,
    });
    const tokens = await repo.linksFor(db, campaignId, found);
    return (url) => {
      const token = tokens.get(url);
      return token ? `${deps.publicUrl}/api/r/${token}` : url;
    };
  }

  /** Fans out one claimed campaign to the end, a chunk per transaction; a crash resumes after the last chunk. */
  async function fanOut(campaign: NonNullable<Awaited<ReturnType<typeof repo.claimCampaign>>>) {
    const post = await deps.getPost(campaign.post_id);
    const template = await site();
    // As recorded when it was published; a campaign from before subject and preheader were kept has the defaults.
    const plainLetter = await letterOf(post, withDefaults(post, campaign));
    const letter = campaign.count_clicks
      ? { ...plainLetter, linkVia: await countedLinks(campaign.id, post, template, plainLetter) }
      : plainLetter;
    let cursor = campaign.cursor;
    for (;;) {
      const batch = await subscribers.confirmedBatch(cursor, campaign.created_at, CHUNK);
      if (!batch.length) break;
      const last = batch[batch.length - 1]!.id;
      await db.transaction().execute(async (trx) => {
        await mail.queueMany(
          batch.map((s) => ({
            ...newsletterMail(s.email, post, template, s.links, letter),
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
    /**
     * Inside the transaction that publishes `post`: records its campaign, unless it already has one, with
     * the subject and preheader it goes out with.
     */
    start: async (trx: Db, post: PostDetails) => {
      const set = await repo.findMessage(trx, post._id);
      return repo.insertCampaign(trx, post._id, {
        ...withDefaults(post, set),
        countClicks: Boolean(set?.count_clicks),
      });
    },

    message,

    /** Sets them for a post not yet e-mailed (empty: the default); once e-mailed they stay as they were sent. */
    async saveMessage(postId: string, input: NewsletterMessageInput): Promise<NewsletterMessage> {
      if (await repo.findCampaignOfPost(db, postId)) throw new ConflictError(NEWSLETTER_MESSAGES.alreadySent);
      await repo.saveMessage(db, postId, input);
      return message(postId);
    },

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
    }): Promise<Omit<AdminPost, 'review' | 'authors' | 'tags' | 'version'>> {
      const sent = (await repo.findCampaignOfPost(db, post._id)) !== undefined;
      return { ...post, newsletter: { onPublish: newsletterOnPublish && !sent, sent } };
    },

    async report(postId: string): Promise<DeliveryReport | null> {
      const campaign = await repo.findCampaignOfPost(db, postId);
      if (!campaign) return null;
      const live = campaign.status !== 'done';
      const progress = live ? await mail.campaignProgress(campaign.id) : null;
      const failures = await mail.campaignFailures(campaign.id, FAILURES_SHOWN);
      const links = campaign.count_clicks ? await repo.campaignLinks(db, campaign.id) : null;
      return {
        status: campaign.status,
        recipients: campaign.recipients,
        sent: progress ? progress.sent : campaign.sent,
        failed: progress ? progress.failed : campaign.failed,
        pending: progress ? progress.waiting : 0,
        startedAt: campaign.created_at,
        finishedAt: campaign.finished_at,
        failures: failures.map((f) => ({ email: f.to, error: f.error ?? '' })),
        links: links && links.map((l) => ({ url: l.url, clicks: l.clicks })),
      };
    },

    /**
     * A click on a counted link (`/r/<token>`): where it leads, or null for no such link. Counted unless
     * it is a bot's, a HEAD request or the same address's again within a minute.
     */
    followLink: (token: string, visitor: Visitor) => clicks.follow(token, visitor),
    /** Adds the clicks counted in memory to the database now (tests, and the app's close). */
    flushClicks: () => clicks.flush(),
    stopClicks: () => clicks.stop(),

    /** The newsletter of a post as a subscriber gets it (with unsubscribe links that lead nowhere). */
    async preview(postId: string): Promise<MailPreview> {
      const post = await deps.getPost(postId);
      const letter = await letterOf(post, withDefaults(post, await message(postId)));
      const mailOf = newsletterMail(
        'reader@example.com',
        post,
        await site(),
        await subscribers.linksOf('preview'),
        letter,
      );
      return { subject: mailOf.subject, html: mailOf.html ?? '', text: mailOf.text };
    },

    /**
     * Sends the newsletter of a post to `to` only, marked as a test; nothing else changes. This send's own
     * subject and preheader when given, else the post's. A post not yet published is not at its address:
     * Read more opens its preview. It waits for the mail server's answer, so a refusal or silence is told
     * now (docs/product.md#newsletter-tools).
     */
    async sendTest(postId: string, to: string, given: { subject?: string; preheader?: string } = {}): Promise<string> {
      const post = await deps.getPost(postId);
      const set = await message(postId);
      const sent = withDefaults(post, {
        subject: given.subject ?? set.subject,
        preheader: given.preheader ?? set.preheader,
      });
      const previewUrl = post.status === 'published' ? undefined : await deps.previewUrl(postId);
      const letter = await letterOf(post, sent, { previewUrl });
      const test = newsletterMail(to, post, await site(), await subscribers.linksOf('preview'), letter);
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

export type NewsletterService = ReturnType<typeof createNewsletterService>;
