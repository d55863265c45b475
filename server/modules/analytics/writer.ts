import type { Db } from '#server/db/database.ts';
import { insertEvents, type EventRow } from './repository';

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
    try {
      await insertEvents(db, batch);
    } catch (err) {
      // The part that already failed once is dropped; the rest is tried once more.
      if (failedBefore) deps.onDropped(failedBefore, err);
      retry = batch.slice(failedBefore);
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
      if (pending.length + retry.length >= MAX_PENDING) {
        overflow++;
        return;
      }
      pending.push(row);
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
  };
}
