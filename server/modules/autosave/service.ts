import type { Db } from '#server/db/database.ts';
import * as repo from './repository';

/**
 * The post editor's autosaves (docs/product.md#autosave): what an administrator has typed but not saved,
 * kept on the server apart from the post and its revisions, so it never publishes, never e-mails and
 * never pushes a revision out. A new post's is kept under 'new'.
 */
export function createAutosaveService(deps: { db: Db }) {
  const { db } = deps;
  return {
    save: (userId: string, key: string, data: Record<string, unknown>) =>
      repo.upsertAutosave(db, userId, key, JSON.stringify(data)),
    async find(userId: string, key: string) {
      const row = await repo.findAutosave(db, userId, key);
      return row ? { data: JSON.parse(row.data) as Record<string, unknown>, savedAt: row.saved_at } : null;
    },
    discard: (userId: string, key: string) => repo.deleteAutosave(db, userId, key),
    /** Posts deleted for good: nobody's unsaved text of them is of use. */
    forgetPosts: (postIds: string[]) => repo.deleteAutosavesOf(db, postIds),
  };
}
