import type { Db } from '#server/db/database.ts';
import { readContentVersion } from './repository';

/**
 * The content version keys every in-memory cache of public output. A write in this process calls
 * `refresh()` after its commit, so its own next request sees the edit; other processes sharing the
 * database notice within `pollMs` because `current()` re-reads the version at most that often (a one-row
 * primary-key read).
 */
export function createContentVersion(db: Db, pollMs = 1000) {
  let version = -1;
  let checkedAt = 0;
  let polling: Promise<number> | null = null;

  async function read(): Promise<number> {
    const startedAt = Date.now();
    const v = await readContentVersion(db);
    // Versions only grow; a slower read that started earlier must not undo a newer one.
    if (v > version) version = v;
    checkedAt = Math.max(checkedAt, startedAt);
    return version;
  }

  return {
    /** Always a new read (never one that began before the caller's write committed). */
    refresh: read,
    async current(): Promise<number> {
      if (version >= 0 && Date.now() - checkedAt <= pollMs) return version;
      polling ??= read().finally(() => {
        polling = null;
      });
      return polling;
    },
  };
}
export type ContentVersion = ReturnType<typeof createContentVersion>;
