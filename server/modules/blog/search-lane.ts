import type { Db } from '#server/db/database.ts';
import type { BlogWrites } from './writes';
import type { SearchIndex } from './search-index';
import { unindexedPostIds } from './search-repository';

/** Posts per index write: big enough to batch, small enough that a flush ends while the import goes on. */
const FLUSH_POSTS = 10;
const SWEEP_POSTS = 200;

/**
 * The search index of imported posts, written beside the import instead of inside each post's transaction
 * (docs/decisions/0038-import.md, "Speed"). PostgreSQL's to_tsvector of a 50 KB post takes ~15 ms of the
 * database's time: inside the post's write, the import waited for it; here a flush of ten posts runs on
 * another connection while the import writes the next ones. A post is searchable a moment after it is
 * made, and when the held work ends every post without an index row is indexed, so one that a kill -9
 * caught between its write and its flush is indexed when the resumed import ends.
 */
export function createSearchLane(deps: { db: Db; writes: BlogWrites; searchIndex: SearchIndex }) {
  const { db, writes, searchIndex } = deps;
  let held = 0;
  const waiting: string[] = [];
  let flushing: Promise<void> | null = null;

  function flush(): void {
    if (flushing || !waiting.length) return;
    const ids = waiting.splice(0, FLUSH_POSTS);
    flushing = writes
      .write((trx) => searchIndex.reindexPosts(trx, ids))
      // Not lost: the sweep at the end indexes what a failed flush left, and a failing sweep fails the import.
      .catch(() => undefined)
      .finally(() => {
        flushing = null;
        if (waiting.length >= FLUSH_POSTS) flush();
      });
  }

  async function drain(): Promise<void> {
    while (flushing || waiting.length) {
      flush();
      await flushing;
    }
  }

  async function indexUnindexed(): Promise<void> {
    for (;;) {
      const ids = await unindexedPostIds(db, SWEEP_POSTS);
      if (!ids.length) return;
      await writes.write((trx) => searchIndex.reindexPosts(trx, ids));
    }
  }

  return {
    /** Whether posts made now are indexed by the lane (an import is running in this process). */
    holding: () => held > 0,

    /** A post made while held: indexed with the next flush. */
    add(id: string): void {
      waiting.push(id);
      if (waiting.length >= FLUSH_POSTS) flush();
    },

    /** Runs `work` (an import's posts) with their indexing beside it; ends when every post is indexed. */
    async holdSearch<T>(work: () => Promise<T>): Promise<T> {
      held++;
      const settle = async () => {
        held--;
        if (held === 0) await drain();
        await indexUnindexed();
      };
      let result: T;
      try {
        result = await work();
      } catch (err) {
        // The posts made before the failure are indexed all the same; the failure is what the caller hears.
        await settle().catch(() => undefined);
        throw err;
      }
      await settle();
      return result;
    },

    /** Every post without an index row indexed. */
    indexUnindexed,
  };
}
export type SearchLane = ReturnType<typeof createSearchLane>;
