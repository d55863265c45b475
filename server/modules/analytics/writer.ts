import type { Db } from '#server/db/database.ts';
import { fitText } from './event-input';
import { insertEvents, type EventRow } from './repository';

/** The text columns of `analytics_events` and their sizes (server/db/migrations/2026-12-08-0039-analytics.ts). */
const COLUMNS = {
  kind: 16,
  visitor: 16,
  path: 500,
  post_id: 36,
  referrer: 255,
  utm_source: 100,
  utm_medium: 100,
  utm_campaign: 100,
  device: 16,
  browser: 40,
  country: 2,
  detail: 200,
} as const;

/**
 * Every value fitted to its column (no control characters, no longer than its size): one row PostgreSQL
 * refused would fail its whole batch, and with it everyone's events (the inputs are fitted before, this is
 * the last guard).
 */
function fitted(row: EventRow): EventRow {
  const out = { ...row };
  for (const [column, max] of Object.entries(COLUMNS) as Array<[keyof typeof COLUMNS, number]>) {
    const value = out[column];
    if (typeof value === 'string')
      (out as Record<string, unknown>)[column] = fitText(value, max) ?? (column === 'path' ? '/' : null);
  }
  return out;
}

/** Events one process holds while the database is away; more are dropped (and said so in the log). */
const MAX_PENDING = 100_000;

/**
 * Events are added in memory and written every `flushMs` in one transaction (docs/decisions/0040-analytics.md):
 * a visitor's request never waits for the database. A batch that fails is tried once more with the next one;
 * a batch that fails twice is dropped with a log line, so a database that stays down costs memory up to
 * MAX_PENDING and no more.
 */
export function createEventWriter(deps: { db: Db; flushMs: number; onDropped: (count: number, err: unknown) => void }) {
  const { db } = deps;
  let pending: EventRow[] = [];
  /** A batch whose first write failed, tried once more. */
  let retry: EventRow[] = [];
  let flushing: Promise<void> | null = null;
  /** Events of the batch being written (they count towards MAX_PENDING until written). */
  let writing = 0;
  /** Events refused since the last flush because too many were held (one log line a flush, not one each). */
  let overflow = 0;

  async function flush(): Promise<void> {
    if (overflow) {
      deps.onDropped(overflow, new Error('too many events waiting for the database'));
      overflow = 0;
    }
    const batch = retry.length ? retry.concat(pending) : pending;
    const failedBefore = retry.length;
    pending = [];
    retry = [];
    if (!batch.length) return;
    writing = batch.length;
    try {
      await insertEvents(db, batch);
    } catch (err) {
      // The part that already failed once is dropped; the rest is tried once more.
      if (failedBefore) deps.onDropped(failedBefore, err);
      retry = batch.slice(failedBefore);
    } finally {
      writing = 0;
    }
  }

  const flushNow = () => {
    flushing ??= flush().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  const timer = setInterval(() => void flushNow(), deps.flushMs);
  timer.unref();

  return {
    add(row: EventRow): void {
      if (pending.length + retry.length + writing >= MAX_PENDING) {
        overflow++;
        return;
      }
      pending.push(fitted(row));
    },
    /** Writes what is held now (tests, and the process's close). */
    flush: async () => {
      await flushing;
      await flushNow();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await flushing;
      await flush();
      if (retry.length) await flush();
    },
    get held() {
      return pending.length + retry.length;
    },
    /** The referrer of a visitor's first view among the events not written yet (undefined: none held). */
    firstReferrerHeld(day: string, visitor: string): string | null | undefined {
      for (const row of retry.length ? retry.concat(pending) : pending) {
        if (row.day === day && row.visitor === visitor && row.kind === 'view') return row.referrer ?? null;
      }
      return undefined;
    },
  };
}
