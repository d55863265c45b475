import type { DatabaseConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { readContentVersion } from './repository';
import { createVersionListener, type VersionListener } from './version-listener';

export interface ContentVersionOptions {
  /** How old a read may be before the version is read again (the fallback when nothing is pushed). */
  pollMs?: number;
  /** Told when the listening connection fails (PostgreSQL). */
  onListenerDropped?: (err?: Error) => void;
}

/**
 * The content version keys every in-memory cache of public output (docs/decisions/0003, 0011).
 *
 * - A write in this process calls `refresh()` after its commit, so its own next request sees the edit.
 * - On PostgreSQL other processes' edits are pushed: a dedicated connection LISTENs for the NOTIFY each
 *   bump sends on commit. While it listens, `peek()` answers from memory (a stale poll is redone in the
 *   background), so a cache hit costs no promise and no query.
 * - Polling stays as the fallback: without a listener (SQLite, or PostgreSQL while reconnecting) the
 *   version is re-read when older than `pollMs`, and the listener's (re)connection triggers a read.
 * - A read that finds the database unreachable marks it so for `pollMs`: callers fail at once (pages then
 *   serve their stale copy, the rest answers 503) instead of each waiting for the database again.
 */
export function createContentVersion(db: Db, database?: DatabaseConfig, options: ContentVersionOptions = {}) {
  const pollMs = options.pollMs ?? 1000;
  let version = -1;
  let checkedAt = 0;
  let failure: { at: number; error: Error } | null = null;
  let polling: Promise<number> | null = null;
  let listening = false;
  let listener: VersionListener | null = null;

  /**
   * No time limit of its own: a read slow because the pool is busy is not a database that is down (a limit
   * here turned 50 concurrent edits into 503s). A server that never answers is bounded by the pool's
   * deadlines on the checkout and on each statement (server/db/deadlines.ts).
   */
  async function read(): Promise<number> {
    const startedAt = Date.now();
    try {
      const v = await readContentVersion(db);
      // Versions only grow; a slower read that started earlier must not undo a newer one.
      if (v > version) version = v;
      checkedAt = Math.max(checkedAt, startedAt);
      failure = null;
      return version;
    } catch (err) {
      if (isDatabaseUnavailable(err)) failure = { at: Date.now(), error: err as Error };
      throw err;
    }
  }

  function poll(): Promise<number> {
    polling ??= read().finally(() => {
      polling = null;
    });
    return polling;
  }

  const fresh = () => version >= 0 && Date.now() - checkedAt <= pollMs;

  return {
    /** Always a new read (never one that began before the caller's write committed). */
    refresh: read,

    /**
     * The version when it can be trusted without waiting: read within `pollMs`, or pushed to a listening
     * connection. Undefined means: call `current()`.
     */
    peek(): number | undefined {
      if (fresh()) return version;
      if (listening && version >= 0) {
        // Pushes arrive; the poll is only a safety net, so it need not hold up this request.
        poll().catch(() => undefined);
        return version;
      }
      return undefined;
    },

    async current(): Promise<number> {
      const known = this.peek();
      if (known !== undefined) return known;
      if (failure && Date.now() - failure.at <= pollMs) throw failure.error;
      return poll();
    },

    /** Starts listening for pushed versions (PostgreSQL) and reads the version once. */
    async start(): Promise<void> {
      if (database?.kind === 'postgres' && !listener) {
        listener = createVersionListener(database, {
          version(v) {
            if (v > version) version = v;
          },
          listening() {
            listening = true;
            // Bumps made while nobody listened were missed.
            checkedAt = 0;
            poll().catch(() => undefined);
          },
          dropped(err) {
            if (!listening) return;
            listening = false;
            // Notices may be lost from here on: let requests re-read the version as they did before.
            checkedAt = 0;
            options.onListenerDropped?.(err);
          },
        });
        await listener.start();
      }
      await read();
    },

    async stop(): Promise<void> {
      listening = false;
      await listener?.stop();
      listener = null;
    },

    /** Whether bumps are pushed to this process right now (for tests and diagnostics). */
    get listening() {
      return listening;
    },
  };
}
export type ContentVersion = ReturnType<typeof createContentVersion>;
