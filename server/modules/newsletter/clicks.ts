import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { Db } from '#server/db/database.ts';
import * as repo from './repository';

/** How often each process adds the clicks it counted to the database. */
const FLUSH_MS = 5_000;
/** Links a process counts between two flushes; more are dropped until the next flush. */
const PENDING_CAP = 5_000;
/** A link's address, once read: links never change, so they are kept (the most recently used). */
const LINKS_KEPT = 10_000;
/** A token that is no link, remembered this long: guessing costs no query per guess. */
const UNKNOWN_MS = 60_000;
/**
 * One count per link and network address in this window: mail security scanners open every link of an
 * e-mail as it arrives, and a reader may click twice (docs/product.md#newsletters).
 */
export const CLICK_WINDOW_MS = 60_000;
/** The window's memory: at most this many (link, address) pairs, the oldest forgotten first. */
const WINDOW_KEPT = 50_000;

/** A token as made by the repository: 16 random bytes in base64url. Anything else is no link, unread. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export interface Visitor {
  /** The network address the request came from (behind the configured proxies). */
  ip: string;
  userAgent: string | undefined;
  /** A HEAD request: answered, never counted (link checkers ask that way). */
  head: boolean;
}

/**
 * The clicks on counted newsletter links (docs/product.md#newsletters): `/r/<token>` leads to the address
 * the site stored for that token, and the click is counted in memory, per link (never per reader), then
 * added to the database every few seconds with `clicks = clicks + n`, so processes add up. A link once read
 * is kept, so a visitor is still sent on while the database is down; the counts wait for the next flush.
 * Bots, HEAD requests and a second click from one address within a minute are not counted.
 */
export function createClickCounter(deps: { db: Db; flushMs?: number; onFlushError?: (err: unknown) => void }) {
  const { db } = deps;
  const links = new LRUCache<string, { url: string | null }>({ max: LINKS_KEPT });
  const recent = new LRUCache<string, true>({ max: WINDOW_KEPT, ttl: CLICK_WINDOW_MS });
  const pending = new Map<string, number>();

  async function urlOf(token: string): Promise<string | null> {
    const kept = links.get(token);
    if (kept) return kept.url;
    const url = (await repo.findLink(db, token)) ?? null;
    if (url) links.set(token, { url });
    else links.set(token, { url: null }, { ttl: UNKNOWN_MS });
    return url;
  }

  const counted = (token: string, visitor: Visitor) => {
    if (visitor.head || !visitor.userAgent || isbot(visitor.userAgent)) return false;
    const key = `${token} ${visitor.ip}`;
    if (recent.has(key)) return false;
    recent.set(key, true);
    return true;
  };

  function add(token: string, n: number) {
    const before = pending.get(token);
    if (before !== undefined) pending.set(token, before + n);
    else if (pending.size < PENDING_CAP) pending.set(token, n);
  }

  async function flush(): Promise<void> {
    const batch = [...pending];
    pending.clear();
    for (let i = 0; i < batch.length; i++) {
      const [token, n] = batch[i]!;
      try {
        await repo.addClicks(db, token, n);
      } catch (err) {
        // The database is away: what was not added waits for the next flush.
        for (const [left, count] of batch.slice(i)) add(left, count);
        throw err;
      }
    }
  }

  let flushing: Promise<void> | null = null;
  const flushNow = () => {
    flushing ??= flush().finally(() => {
      flushing = null;
    });
    return flushing;
  };
  const timer = setInterval(() => {
    if (!pending.size) return;
    flushNow().catch((err: unknown) => deps.onFlushError?.(err));
  }, deps.flushMs ?? FLUSH_MS);
  timer.unref();

  return {
    /**
     * Where a link's token leads (null: no such link), counting the click unless it is not to be counted.
     * Throws only when the link is not known yet and the database cannot be read.
     */
    async follow(token: string, visitor: Visitor): Promise<string | null> {
      if (!TOKEN.test(token)) return null;
      const url = await urlOf(token);
      if (url && counted(token, visitor)) add(token, 1);
      return url;
    },

    /** Adds the clicks held in memory to the database now (tests, and the app's close). */
    flush: flushNow,

    stop(): Promise<void> {
      clearInterval(timer);
      return flushNow().catch((err: unknown) => deps.onFlushError?.(err));
    },
  };
}
