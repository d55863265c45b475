import {
  DEFAULT_ANALYTICS_SETTINGS,
  RAW_EVENT_DAYS,
  RETENTION_CHOICES,
  firstKeptDay,
  type AnalyticsSettings,
  type ReportTable,
} from '#shared/analytics.ts';
import type { RangeQuery } from '#shared/api/analytics.ts';
import { addDays, localDayIn } from '#shared/zoned-time.ts';
import { isBot } from '#server/lib/user-agent.ts';
import { newId, now, type Db } from '#server/db/database.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { NotFoundError } from '#server/errors.ts';
import { createCounting, type Counted, type Visit } from './counting';
import { fitText, pageAddressOf } from './event-input';
import { createPagePaths, type PageLookups } from './page-paths';
import { createRangeSums } from './range-sums';
import { createReports, type Viewer } from './report';
import * as repo from './repository';
import { createVisitorHasher } from './visitors';
import { createEventWriter } from './writer';

const SETTINGS_KEY = 'analytics';
const SUMMARIZED_KEY = 'analytics-summarized-at';
/** The counts the last summaries were made from (repository summarySource). */
const SUMMARY_SOURCE_KEY = 'analytics-summary-source';
/** The first day whose summaries the retention job kept the last time it deleted any. */
const KEPT_FROM_KEY = 'analytics-summaries-kept-from';
const SEARCH_WORDS_MAX = 100;

/** Who is on the page a goal came from, as the request that made it shows. */
export interface GoalVisit {
  /** The page the form was on (the request's Referer, or the page a form posted to itself). */
  page: string | undefined;
  address: string;
  userAgent: string | undefined;
  /** `Sec-GPC: 1` on the request that sent the form. */
  gpc: boolean;
}

function settingsOf(stored: string | undefined): AnalyticsSettings {
  if (!stored) return DEFAULT_ANALYTICS_SETTINGS;
  try {
    const parsed = JSON.parse(stored) as Partial<AnalyticsSettings>;
    return {
      counting: typeof parsed.counting === 'boolean' ? parsed.counting : DEFAULT_ANALYTICS_SETTINGS.counting,
      honourGpc: typeof parsed.honourGpc === 'boolean' ? parsed.honourGpc : DEFAULT_ANALYTICS_SETTINGS.honourGpc,
      retentionMonths: (RETENTION_CHOICES as readonly number[]).includes(parsed.retentionMonths as number)
        ? (parsed.retentionMonths as AnalyticsSettings['retentionMonths'])
        : DEFAULT_ANALYTICS_SETTINGS.retentionMonths,
    };
  } catch {
    return DEFAULT_ANALYTICS_SETTINGS;
  }
}

/**
 * Cookieless analytics (docs/product.md#analytics, docs/decisions/0040-analytics.md): counting page views
 * and read-throughs from the pages' script, site searches and goals from the modules that see them, the
 * daily summaries, the dashboard's figures and the settings.
 */
export function createAnalyticsService(deps: {
  db: Db;
  siteMeta: SiteMeta;
  publicUrl: string;
  timeZone: string;
  flushMs: number;
  pages: PageLookups;
  titles: (ids: readonly string[]) => Promise<Map<string, string>>;
  /** A published post's path ('' for none): where a subscribe box posted without its page sat. */
  postPath: (id: string) => Promise<string>;
  countryOf: (address: string) => string | null;
  hasCountries: boolean;
  onDropped: (count: number, err: unknown) => void;
  /** A goal that could not be recorded: logged, never failing the form that made it. */
  onGoalError: (err: unknown) => void;
  /** Events an address may send a minute (tests lower it). */
  perMinute?: number;
}) {
  const { db, siteMeta } = deps;
  const ownHost = new URL(deps.publicUrl).hostname.toLowerCase();
  const dayOf = localDayIn(deps.timeZone);
  const today = () => dayOf(Date.now());
  const visitors = createVisitorHasher({ db, site: ownHost });
  const writer = createEventWriter({ db, flushMs: deps.flushMs, onDropped: deps.onDropped });
  const paths = createPagePaths(deps.pages);

  // Settings are read once per content version (a save bumps it, so every process sees it at once).
  let held: { version: number; settings: Promise<AnalyticsSettings> } | null = null;
  async function settings(): Promise<AnalyticsSettings> {
    const version = await siteMeta.contentVersion.current();
    if (held?.version !== version) {
      const read = siteMeta.readSetting(SETTINGS_KEY).then(settingsOf);
      held = { version, settings: read };
      read.catch(() => {
        if (held?.settings === read) held = null;
      });
    }
    return held.settings;
  }

  const count = createCounting({
    ownHost,
    dayOf,
    settings,
    pageAt: async (path) => paths.pageAt(path, await siteMeta.contentVersion.current()),
    visitorOf: (day, address, userAgent) => visitors.hash(day, address, userAgent),
    countryOf: deps.countryOf,
    add: writer.add,
    perMinute: deps.perMinute,
  });

  const reports = createReports({
    db,
    // A range starts at the retention setting's first kept day, or at the first day the retention job kept
    // (days it deleted stay gone when the setting is made longer again): whichever is later.
    sums: createRangeSums(db, today, async () => {
      const [current, keptFrom] = await Promise.all([settings(), siteMeta.readSetting(KEPT_FROM_KEY)]);
      const kept = firstKeptDay(today(), current.retentionMonths);
      return [kept, keptFrom ?? null].reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null);
    }),
    titles: deps.titles,
    hasCountries: deps.hasCountries,
    summarizedAt: async () => (await siteMeta.readSetting(SUMMARIZED_KEY)) ?? null,
  });

  /** The path and query of an address on this site's public host; null for any other. */
  function pageOfReferer(referer: string | undefined): string | null {
    if (!referer) return null;
    try {
      const url = new URL(referer);
      return url.hostname.toLowerCase() === ownHost ? url.pathname + url.search : null;
    } catch {
      return null;
    }
  }

  /** Goals are recorded beside a form's own work: a failure is logged, and the form still answers. */
  async function quietly(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      deps.onGoalError(err);
    }
  }

  /**
   * The page and entry referrer of a goal; null when the visit is one that is not counted (a robot, counting
   * switched off, Global Privacy Control honoured).
   */
  async function goalOrigin(visit: GoalVisit, postId?: string | null) {
    if (isBot(visit.userAgent)) return null;
    const current = await settings();
    if (!current.counting || (current.honourGpc && visit.gpc)) return null;
    const sent = pageOfReferer(visit.page);
    const page = sent ? pageAddressOf(sent) : null;
    const day = today();
    const visitor = await visitors.hash(day, visit.address, visit.userAgent ?? '');
    // What brought this visitor today: their first counted view's referrer, written or still held.
    const written = await repo.entryReferrerOf(db, day, visitor);
    const referrer = written !== undefined ? written : writer.firstReferrerHeld(day, visitor);
    // A subscribe box posted without scripts posts to /subscriptions/subscribe, naming its post.
    const path = page?.path || (postId ? await deps.postPath(postId) : '');
    const found = path ? await paths.pageAt(path, await siteMeta.contentVersion.current()) : null;
    return { path: found ? path : '', postId: found?.postId ?? null, referrer: referrer ?? null, day };
  }

  return {
    /** A page view or read-through from the pages' script: counted, left out, or refused (404). */
    count: (visit: Visit) => count(visit),

    /**
     * A view of a page sent without scripts, from its image's Referer (`/api/seen.gif`): counted when the
     * Referer is a public page of this site, else nothing (the image answers the same either way).
     */
    async countPage(referer: string | undefined, visit: Omit<Visit, 'kind' | 'page' | 'referrer'>): Promise<Counted> {
      const page = pageOfReferer(referer);
      if (!page) return 'not counted';
      try {
        return await count({ ...visit, kind: 'view', page, referrer: null });
      } catch (err) {
        if (err instanceof NotFoundError) return 'not counted';
        throw err;
      }
    },

    /**
     * A search on the site (the search page and its API): its words, and whether it found nothing. Counted
     * like a view (same visitor hash, same exclusions), never slowing the search down.
     */
    async search(visit: Omit<Visit, 'kind' | 'page' | 'referrer'>, words: string, found: number): Promise<void> {
      const text = fitText(words.replace(/\s+/g, ' '), SEARCH_WORDS_MAX, true);
      if (!text || visit.prefetch || isBot(visit.userAgent)) return;
      const current = await settings();
      if (!current.counting || (current.honourGpc && visit.gpc)) return;
      const instant = Date.now();
      const day = dayOf(instant);
      writer.add({
        at: new Date(instant).toISOString(),
        day,
        kind: found > 0 ? 'search' : 'search-empty',
        visitor: await visitors.hash(day, visit.address, visit.userAgent ?? ''),
        path: '/search',
        post_id: null,
        referrer: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        device: 'other',
        browser: 'Other',
        country: null,
        detail: text,
      });
    },

    /** A contact message was sent from a page: the goal counts now. */
    contactGoal: (visit: GoalVisit) =>
      quietly(async () => {
        const origin = await goalOrigin(visit);
        if (!origin) return;
        const at = now();
        await repo.insertGoal(db, {
          id: newId(),
          kind: 'contact',
          subjectId: null,
          ...origin,
          at,
          doneDay: origin.day,
        });
      }),

    /**
     * Someone subscribed from a page (or from the box of post `postId`): the goal counts once they confirm
     * (`subscriptionConfirmed`).
     */
    subscriptionGoal: (visit: GoalVisit, subscriberId: string, postId: string | null) =>
      quietly(async () => {
        const origin = await goalOrigin(visit, postId);
        if (!origin) return;
        const at = now();
        // Subscribing again before confirming replaces the waiting goal: one subscription counts once.
        await repo.replaceWaitingSubscription(db, {
          id: newId(),
          kind: 'subscription',
          subjectId: subscriberId,
          ...origin,
          at,
          doneDay: null,
        });
      }),

    /** The subscriber confirmed: their subscription's goal counts today (a second confirmation changes nothing). */
    subscriptionConfirmed: (subscriberId: string) =>
      quietly(() => repo.markSubscriptionDone(db, subscriberId, now(), today())),

    /** The dashboard (docs/api.md#analytics). */
    report: (range: RangeQuery, viewer: Viewer) => reports.report(range, viewer),
    /** One table of the dashboard, every row, as lines of text (its CSV). */
    table: (table: ReportTable | 'posts' | 'days', range: RangeQuery, viewer: Viewer) =>
      reports.table(table, range, viewer),
    /** A post's figures (the caller checked the person may see the post). */
    post: (postId: string) => reports.post(postId, today()),

    settings,
    async saveSettings(next: AnalyticsSettings): Promise<AnalyticsSettings> {
      await db.transaction().execute(async (trx) => {
        await siteMeta.writeSetting(SETTINGS_KEY, JSON.stringify(next), trx);
        await siteMeta.bumpContentVersion(trx);
      });
      held = null;
      await siteMeta.contentVersion.refresh();
      return settings();
    },

    /**
     * Brings yesterday's and today's summaries up to date from the raw events (a periodic job, once across
     * processes), and removes what the retention rules say: salts after two days, raw events after 30,
     * daily summaries after the retention setting's months.
     */
    async summarize(): Promise<void> {
      await writer.flush();
      const day = today();
      // Events and goals are only ever added to a day (or the day deleted whole): a day with the same counts
      // as at the last run has the same summary, so a quiet site costs two counts a run, and yesterday is
      // made again only while its last events arrive, not every run of a busy today.
      const days = [addDays(day, -1), day];
      const sources = await Promise.all(days.map((d) => repo.summarySource(db, d)));
      const last = new Set((await siteMeta.readSetting(SUMMARY_SOURCE_KEY))?.split(' '));
      const changed = days.filter((_, i) => !last.has(sources[i]!));
      if (!changed.length) return;
      for (const d of changed) await repo.summarizeDay(db, d);
      await siteMeta.writeSetting(SUMMARY_SOURCE_KEY, sources.join(' '));
      await siteMeta.writeSetting(SUMMARIZED_KEY, now());
    },

    async prune(): Promise<void> {
      const day = today();
      await visitors.prune(addDays(day, -1));
      await repo.deleteEventsBefore(db, addDays(day, -RAW_EVENT_DAYS));
      await repo.deleteGoalsBefore(db, new Date(Date.now() - RAW_EVENT_DAYS * 86_400_000).toISOString());
      const { retentionMonths } = await settings();
      const kept = firstKeptDay(day, retentionMonths);
      if (!kept) return;
      const before = await siteMeta.readSetting(KEPT_FROM_KEY);
      // Recorded first: a range read while the rows go already leaves those days out.
      if (!before || kept > before) await siteMeta.writeSetting(KEPT_FROM_KEY, kept);
      await repo.deleteSummariesBefore(db, kept);
    },

    /** Writes the events this process holds (tests; the summaries job does it first). */
    flush: () => writer.flush(),
    /** Writes what is held as the process closes. */
    stop: () => writer.stop(),
  };
}
