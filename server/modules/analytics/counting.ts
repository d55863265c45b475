import { LRUCache } from 'lru-cache';
import type { EventKind } from '#shared/analytics.ts';
import { ANALYTICS_MESSAGES } from '#shared/messages.ts';
import { describeUserAgent, isBot } from '#server/lib/user-agent.ts';
import { NotFoundError } from '#server/errors.ts';
import { createAddressCap } from './address-cap';
import { deviceOf, pageAddressOf, referrerHostOf } from './event-input';
import type { PageOf } from './page-paths';
import type { EventRow } from './repository';

/** Events an address may send a minute before the rest of that minute's are dropped (issue 28: "say 60"). */
export const EVENTS_PER_ADDRESS_MINUTE = 60;

/** What the counting endpoint knows of a request, beside its body. */
export interface Visit {
  kind: EventKind;
  /** The page's path and query, as the browser shows them. */
  page: string;
  referrer?: string | null;
  /** The client's address (the trusted proxy's X-Forwarded-For applied: server/app.ts trustProxy). */
  address: string;
  userAgent: string | undefined;
  /** `Sec-GPC: 1`: the browser asks not to be tracked (Global Privacy Control). */
  gpc: boolean;
  /** A prefetch or prerender that nobody may ever look at (`Sec-Purpose` / `Purpose` header). */
  prefetch: boolean;
}

export type Counted = 'counted' | 'not counted';

/**
 * Turns a visit into a stored event, or leaves it out: bots, prefetches, an address over its cap, Global
 * Privacy Control when the site honours it, counting switched off. An address the site has no public page
 * at is refused (404), so a script cannot fill the tables with made-up pages.
 */
export function createCounting(deps: {
  ownHost: string;
  dayOf: (instant: number) => string;
  settings: () => Promise<{ counting: boolean; honourGpc: boolean }>;
  pageAt: (path: string) => Promise<PageOf>;
  visitorOf: (day: string, address: string, userAgent: string) => Promise<string>;
  countryOf: (address: string) => string | null;
  add: (row: EventRow) => void;
  perMinute?: number;
}) {
  const cap = createAddressCap(deps.perMinute ?? EVENTS_PER_ADDRESS_MINUTE);
  // Parsing a browser string costs more than the rest of an event; a site's visitors use few distinct ones.
  const described = new LRUCache<string, { device: string; browser: string }>({ max: 2_000 });
  const describe = (userAgent: string) => {
    let known = described.get(userAgent);
    if (!known) {
      const d = describeUserAgent(userAgent);
      known = { device: deviceOf(d.device), browser: (d.browser || 'Other').slice(0, 40) };
      described.set(userAgent, known);
    }
    return known;
  };
  return async function count(visit: Visit): Promise<Counted> {
    const address = pageAddressOf(visit.page);
    if (!address) throw new NotFoundError(ANALYTICS_MESSAGES.unknownPath);
    if (visit.prefetch || isBot(visit.userAgent)) return 'not counted';
    const settings = await deps.settings();
    if (!settings.counting || (settings.honourGpc && visit.gpc)) return 'not counted';
    if (!cap.take(visit.address)) return 'not counted';
    const page = await deps.pageAt(address.path);
    if (!page) throw new NotFoundError(ANALYTICS_MESSAGES.unknownPath);
    const now = Date.now();
    const day = deps.dayOf(now);
    const userAgent = visit.userAgent ?? '';
    const { device, browser } = describe(userAgent);
    deps.add({
      at: new Date(now).toISOString(),
      day,
      kind: visit.kind,
      visitor: await deps.visitorOf(day, visit.address, userAgent),
      path: address.path,
      post_id: page.postId,
      referrer: visit.kind === 'view' ? referrerHostOf(visit.referrer, deps.ownHost) : null,
      utm_source: address.utm.source,
      utm_medium: address.utm.medium,
      utm_campaign: address.utm.campaign,
      device,
      browser,
      country: deps.countryOf(visit.address),
    });
    return 'counted';
  };
}
