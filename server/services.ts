import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { postPreviewUrl } from '#shared/paths.ts';
import { lookOf, type SiteIdentity, type SiteLook } from '#shared/schemas/site-identity.ts';
import { mailFromOf, type Config } from './config';
import { withLongDeadlines, type Db } from './db/database';
import { MIGRATION_NAMES } from './db/migrate';
import { openStorage } from './lib/storage/open';
import { fileTransport, smtpTransport, type MailTransport } from './lib/mail-transport';
import { createActivity } from './modules/activity/service';
import { createAnalyticsService } from './modules/analytics/service';
import { openCountries } from './lib/geoip';
import { createAuthService } from './modules/auth/service';
import { secretBoxOf } from './modules/auth/secret-box';
import { createTwoFactorService } from './modules/auth/two-factor-service';
import { addressPrefix } from './modules/auth/sign-in-context';
import { createInvitesService } from './modules/auth/invites-service';
import { createPasskeysService } from './modules/auth/passkeys-service';
import { createStaffService } from './modules/auth/staff-service';
import { createProfileService } from './modules/auth/profile-service';
import { createSessionsService } from './modules/auth/sessions-service';
import { createBlogService } from './modules/blog/service';
import { createContactService } from './modules/contact/service';
import { createContentService } from './modules/content/service';
import { createJobScheduler } from './modules/jobs/scheduler';
import { createAutosaveService } from './modules/autosave/service';
import { createPresenceService } from './modules/presence/service';
import { createMailService } from './modules/mail/service';
import { createMetrics } from './lib/metrics';
import { createRevisionService } from './modules/revisions/service';
import { createMailWorker, workerIdentity } from './modules/mail/worker';
import { createNavigationService } from './modules/navigation/service';
import { createNewsletterService } from './modules/newsletter/service';
import { createRedirectsService } from './modules/redirects/service';
import { createPagesService } from './modules/pages/service';
import { createSiteMeta } from './modules/site-meta/service';
import { createSiteExport } from './modules/site-export/service';
import { createImportWork } from './modules/site-import/background';
import { openImportSource } from './modules/site-import/open-source';
import { createImportRunner } from './modules/site-import/runner';
import { createImportService } from './modules/site-import/service';
import { IMPORT_IMAGE_BYTES } from './modules/site-import/phase-images';
import type { ImportTargets } from './modules/site-import/targets';
import { safeFetch } from './lib/safe-fetch';

import { createSiteIdentity } from './modules/site-identity/service';
import { createSubscriberService } from './modules/subscribers/service';
import { createContentImages } from './modules/uploads/content-images';
import { createUploadService } from './modules/uploads/service';
import { changesRequestedMails } from './orchestration/review-mails';
import { createRestorer } from './orchestration/restore-revision';
import { createExportRestorer } from './orchestration/restore-export';

const HOUR = 3600_000;

/** Everything route handlers and page loaders use, wired once per process. */
export function createServices(deps: { config: Config; db: Db; log: FastifyBaseLogger; transport?: MailTransport }) {
  const { config, db, log } = deps;
  // The outbox depth is read through the mail service, made below; only a scrape asks for it.
  const metrics = createMetrics({ outboxDepth: () => mail.outboxDepth() });
  const siteMeta = createSiteMeta({
    db,
    database: config.database,
    versionOptions: {
      onListenerDropped: (err) =>
        log.warn({ err }, 'content-version listener lost its PostgreSQL connection: polling until it is back'),
    },
  });
  // Without MAIL_FROM the sender's display name is the site's name as it is now.
  const sender = config.mailFromDomain
    ? {
        ...config.mailSender,
        get from() {
          const name = identity.nameNow();
          return name === config.siteName ? config.mailFrom : mailFromOf(name, config.mailFromDomain!);
        },
      }
    : config.mailSender;
  const transport =
    deps.transport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, sender)
      : fileTransport(path.join(config.dataDir, 'mail'), sender, (m) => log.info(m)));
  const mailWorker = createMailWorker({
    db,
    dbKind: config.database.kind,
    transport,
    log,
    identity: workerIdentity(config.dataDir),
    onAttempt: metrics.mailAttempt,
  });
  const mail = createMailService({
    db,
    worker: mailWorker,
    transport,
    // Sent newsletter mails are cleaned up only once their campaign has kept its counts.
    doneCampaigns: (ids) => newsletter.doneAmong(ids),
  });
  const storage = openStorage(config.storage);
  // Every module records its events through this, in the transaction of the change (docs/decisions/0019-activity-log.md).
  const activity = createActivity({ db, addressPrefix, retentionDays: config.activityRetentionDays });
  const auth = createAuthService({
    db,
    mail,
    get siteName() {
      return identity.nameNow();
    },
    activity,
    // Made below; asked only once a login comes in.
    secondStep: (user) => twoFactor.beginSecondStep(user),
  });
  const twoFactor = createTwoFactorService({
    db,
    box: secretBoxOf(config),
    get siteName() {
      return identity.nameNow();
    },
    activity,
    signIn: (user, context) => auth.signIn(user, context),
    // Made below; asked only once a second step comes in.
    verifyPasskey: (userId, response) => passkeys.verifySecondStep(userId, response),
  });
  const passkeys = createPasskeysService({
    db,
    publicUrl: config.publicUrl,
    get siteName() {
      return identity.nameNow();
    },
    activity,
    startSession: (user, context) => auth.signIn(user, context),
  });
  const profiles = createProfileService({
    db,
    mail,
    siteMeta,
    get siteName() {
      return identity.nameNow();
    },
    publicUrl: config.publicUrl,
    activity,
    // The blog is made below: a new name is searchable on the person's posts at once (docs/decisions/0023-search.md).
    onNameChanged: (trx, userId) => blog.reindexAuthor(trx, userId),
  });
  // The blog is made below; the staff screen only asks it once requests come in.
  const staff = createStaffService({
    db,
    activity,
    posts: {
      countsByAuthor: (ids) => blog.countsByAuthor(ids),
      // Bylines change with it: cached pages are made again (docs/product.md#profiles-and-author-pages).
      reassignAuthor: async (trx, from, to) => {
        await blog.reassignAuthor(trx, from, to);
        // The heir's name is now in those posts' searchable text.
        await blog.reindexAuthor(trx, to);
        await siteMeta.bumpContentVersion(trx);
      },
    },
  });
  const invites = createInvitesService({
    db,
    mail,
    get siteName() {
      return identity.nameNow();
    },
    publicUrl: config.publicUrl,
    mailIsSent: Boolean(config.smtpUrl),
    activity,
    signIn: (user, context) => auth.signIn(user, context),
  });
  const subscribers = createSubscriberService({
    db,
    mail,
    siteMeta,
    get siteName() {
      return identity.nameNow();
    },
    publicUrl: config.publicUrl,
    // The blog is made below; it is only asked once requests come in.
    posts: { postTitles: (ids) => blog.postTitles(ids) },
  });
  // Where an image is used is answered by the modules that store images (both made below).
  const uploads = createUploadService({
    db,
    storage,
    whereUsed: [
      (like) => content.imageUsage(like),
      (like) => blog.imageUsage(like),
      (like) => identity.imageUsage(like),
    ],
  });
  const revisions = createRevisionService({ db });
  // Every `get siteName()` above and below reads the name at each use: the one saved on Site identity
  // (SITE_NAME until then), docs/decisions/0033-site-identity.md.
  const identity = createSiteIdentity({
    db,
    siteMeta,
    revisions,
    activity,
    defaultName: config.siteName,
    hasFaviconIcons: (url) => uploads.hasFaviconIcons(url),
  });
  const autosaves = createAutosaveService({ db });
  const content = createContentService({ db, siteMeta, revisions, activity });
  const blog = createBlogService({
    db,
    siteMeta,
    revisions,
    images: createContentImages(uploads),
    people: { activeAmong: (ids) => profiles.activeAmong(ids), namesIn: (trx, ids) => profiles.namesIn(trx, ids) },
    activity,
    hooks: {
      // The campaign is recorded in the publishing transaction; the mail worker fans it out.
      onPublished: (trx, post) => newsletter.start(trx, post),
      // A post taken off the site is not e-mailed any further: its unsent newsletters are dropped.
      onWithdrawn: (trx, postId) => newsletter.cancel(trx, postId),
      afterCommit: () => mail.kick(),
      onChangesRequested: changesRequestedMails({
        auth,
        mail,
        get siteName() {
          return identity.nameNow();
        },
        publicUrl: config.publicUrl,
      }),
    },
  });
  const contact = createContactService({
    db,
    mail,
    contactTo: config.contactTo,
    get siteName() {
      return identity.nameNow();
    },
  });
  const newsletter = createNewsletterService({
    db,
    mail,
    subscribers,
    siteMeta,
    get siteName() {
      return identity.nameNow();
    },
    publicUrl: config.publicUrl,
    mediaUrl: config.mediaUrl,
    timeZone: config.timeZone,
    getPost: (id) => blog.getPost(id),
    imageSizes: (urls) => uploads.sizesOf(urls),
    // A test send of a post not yet published links to its preview (docs/product.md#newsletter-tools).
    previewUrl: async (id) => config.publicUrl + postPreviewUrl(await blog.previewToken(id)),
    activity,
    onClickFlushError: (err) =>
      log.warn({ err }, 'newsletter link clicks of the last few seconds could not be saved yet'),
  });
  // The fan-out of a big list is long work: each chunk's statements get the long deadlines, not a request's.
  mailWorker.beforeEachPass(() => withLongDeadlines(() => newsletter.work()));
  // A campaign whose last mail went out in this pass is closed at once, not a pass later.
  mailWorker.afterEachPass(() => newsletter.finish());
  const redirects = createRedirectsService({
    db,
    siteMeta,
    activity,
    onFlushError: (err) => log.warn({ err }, 'redirect hits and 404 counts of the last few seconds could not be saved'),
    // Renamed posts, categories and tags (blog), authors (auth): listed read-only beside the rules.
    automatic: [
      (search, limit) => blog.automaticRedirects(search, limit),
      (search, limit) => profiles.automaticRedirects(search, limit),
      (search, limit) => pages.automaticRedirects(search, limit),
    ],
  });
  const pages = createPagesService({
    db,
    siteMeta,
    revisions,
    activity,
    isRedirected: (path) => redirects.isRedirected(path),
    policyTexts: async () => {
      const policy = (await content.getContent()).privacyPolicy;
      return { privacy: policy.privacy_policy_text, terms: policy.terms_and_conditions_text };
    },
    siteName: () => identity.nameNow(),
  });
  // Its links' targets are read from the modules that own them (docs/decisions/0036-navigation.md).
  const navigation = createNavigationService({
    db,
    siteMeta,
    revisions,
    activity,
    sources: {
      pages: (ids) => pages.linkTargets(ids),
      posts: (ids) => blog.postTargets(ids),
      categories: (ids) => blog.categoryTargets(ids),
      tags: (ids) => blog.tagTargets(ids),
      people: (ids) => profiles.authorPages(ids),
      publicAuthors: (ids) => blog.publicAuthorsAmong(ids),
      layout: () => content.getLayout(),
      choices: {
        page: (search) => pages.pageChoices(search),
        post: (search) => blog.postChoices(search),
        category: (search) => blog.categoryChoices(search),
        tag: (search) => blog.tagChoices(search),
        author: (search) => profiles.authorChoices(search),
      },
    },
  });
  // Each part of the export is read from the module that owns it (docs/decisions/0039-export.md).
  const siteExport = createSiteExport({
    db,
    activity,
    publicUrl: config.publicUrl,
    database: config.database.kind,
    migration: MIGRATION_NAMES.at(-1) ?? null,
    siteName: () => identity.nameNow(),
    timeZone: config.timeZone,
    onError: (err) => log.warn({ err }, 'a site export stopped before its end'),
    sources: {
      sections: () => content.getContent(),
      layout: () => content.getLayout(),
      posts: () => blog.exportPosts(),
      countPosts: () => blog.countAllPosts(),
      pages: () => pages.exportPages(),
      categories: () => blog.exportCategories(),
      tags: () => blog.exportTags(),
      authors: () => profiles.exportAuthors(),
      redirects: () => redirects.exportRules(),
      countRedirects: () => redirects.countRules(),
      settings: () => siteMeta.allSettings(),
      media: () => uploads.exportRows(),
      mediaTotals: () => uploads.totals(),
      openUpload: (url) => uploads.openOriginal(url),
      subscribers: () => subscribers.exportRows(),
      countSubscribers: () => subscribers.count(),
      messages: () => contact.exportRows(),
      countMessages: () => contact.count(),
    },
  });

  // docs/product.md#import: the background job runs on any process; the files are in DATA_DIR/imports.
  const importFolder = path.join(config.dataDir, 'imports');
  const importTargets: ImportTargets = {
    blog,
    pages,
    uploads,
    redirects,
    subscribers,
    people: {
      idOfEmail: (email) => staff.idOfEmail(email),
      exists: (id) => staff.exists(id),
      createBylineAuthor: (author) => staff.createBylineAuthor(author),
      removeBylineAuthors: (ids) => staff.removeBylineAuthors(ids),
      authorPages: (ids) => profiles.authorPages(ids),
    },
  };
  const importWork = createImportWork({
    db,
    log,
    folder: importFolder,
    open: openImportSource,
    targets: importTargets,
    download: (url, allowedHosts) =>
      safeFetch(url, {
        allowedHosts,
        trustedHosts: new Set(config.importTrustedHosts),
        maxBytes: IMPORT_IMAGE_BYTES,
        timeoutMs: config.importDownloadMs,
      }),
  });
  const importRunner = createImportRunner({
    db,
    log,
    work: importWork.work,
    failed: importWork.failed,
    leaseMs: config.importLeaseMs,
  });
  const imports = createImportService({
    db,
    folder: importFolder,
    open: openImportSource,
    activity,
    targets: importTargets,
    kick: () => void importRunner.kick(),
  });
  const countryOf = openCountries(config.analytics.geoipFile);
  const analytics = createAnalyticsService({
    db,
    siteMeta,
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
    flushMs: config.analytics.flushMs,
    countryOf,
    hasCountries: Boolean(config.analytics.geoipFile),
    titles: (ids) => blog.postTitles(ids),
    postPath: async (id) => (await blog.postTargets([id])).get(id)?.path ?? '',
    onDropped: (count, err) => log.warn({ err, count }, 'counted page views could not be saved and were dropped'),
    onGoalError: (err) => log.warn({ err }, 'a subscription or contact goal could not be recorded for the analytics'),
    pages: {
      post: async (category, slug) => {
        const found = await blog.findByPath(category, slug);
        return found && 'post' in found ? found.post._id : null;
      },
      category: async (segment) => (await blog.categoryBySegment(segment)) !== undefined,
      tag: async (segment) => Boolean(await blog.tagBySegment(segment).then((t) => t && 'id' in t)),
      author: async (segment) => Boolean(await profiles.authorBySegment(segment).then((a) => a && 'id' in a)),
      page: async (segment) => Boolean(await pages.publicPage(segment).then((p) => p && !('movedTo' in p))),
    },
  });
  const jobs = createJobScheduler({
    db,
    log,
    // The analytics summaries may be asked for more often than every 15 s (tests).
    tickMs: Math.min(15_000, config.analytics.summaryMs),
    onRun: metrics.jobRun,
    jobs: [
      {
        name: 'prune-auth',
        everyMs: HOUR,
        run: async () => {
          await auth.pruneExpired();
          await profiles.pruneExpired();
          await twoFactor.pruneExpired();
          await passkeys.pruneExpired();
        },
      },
      { name: 'prune-sent-mail', everyMs: HOUR, run: () => mail.pruneSent() },
      { name: 'prune-activity', everyMs: HOUR, run: () => activity.prune() },
      {
        name: 'purge-trash',
        everyMs: HOUR,
        run: async () => {
          const purged = await blog.purgeTrash();
          await revisions.forgetPosts(purged);
          await autosaves.forgetPosts(purged);
        },
      },
      // Due posts are taken by one UPDATE each, so any process may run this; once per period is enough.
      // Scheduled pages go public by the same job (docs/product.md#pages).
      {
        name: 'publish-due',
        everyMs: 15_000,
        // Each on its own: a post that fails to go out (its newsletter) never holds the pages back.
        run: async () => {
          const [posts, due] = await Promise.allSettled([blog.publishDue(), pages.publishDue()]);
          for (const result of [posts, due]) if (result.status === 'rejected') throw result.reason;
        },
      },
      // Read next lists whose marks a process left (killed before its own refresh), and once a day all of
      // them again, for lists only a category or the words link (docs/product.md#read-next).
      { name: 'refresh-related', everyMs: 60_000, run: () => blog.refreshRelated() },
      { name: 'sweep-related', everyMs: 24 * HOUR, run: () => blog.sweepRelated() },
      { name: 'analytics-summaries', everyMs: config.analytics.summaryMs, run: () => analytics.summarize() },
      { name: 'analytics-retention', everyMs: HOUR, run: () => analytics.prune() },
    ],
  });
  return {
    config,
    db,
    metrics,
    siteMeta,
    redirects,
    mailWorker,
    mail,
    storage,
    jobs,
    imports,
    importRunner,
    activity,
    auth,
    twoFactor,
    sessions: createSessionsService({ db, activity }),
    passkeys,
    staff,
    profiles,
    invites,
    subscribers,
    blog,
    pages,
    newsletter,
    content,
    revisions,
    restoreRevision: createRestorer({ revisions, content, blog, identity, navigation, pages }),
    /** Restores a site export into this new site (docs/decisions/0039-export.md). */
    restoreExport: createExportRestorer({
      db,
      siteMeta,
      blog,
      pages,
      redirects,
      uploads,
      subscribers,
      content,
      people: profiles,
      contact,
    }),
    identity,
    navigation,
    autosaves,
    presence: createPresenceService({ db }),
    contact,
    uploads,
    siteExport,
    analytics,
  };
}
export type Services = ReturnType<typeof createServices>;

/**
 * What public pages may know of the configuration and the site's identity (it is sent to the browser with
 * the page data). `look` only once something beyond the name was changed on Site identity.
 */
export const publicSiteInfo = (config: Config, identity: SiteIdentity): SiteInfo => {
  const look = lookOf(identity);
  return {
    siteName: identity.name,
    publicUrl: config.publicUrl,
    mediaUrl: config.mediaUrl,
    ...(look ? { look } : {}),
  };
};
export interface SiteInfo {
  siteName: string;
  publicUrl: string;
  mediaUrl: string;
  look?: SiteLook;
}
