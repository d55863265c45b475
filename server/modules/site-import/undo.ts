import type { Db } from '#server/db/database.ts';
import type { ImportTargets } from './targets';
import * as repo from './repository';

/**
 * Undo of an import (docs/product.md#import): removes exactly what it made, the newest things first, so
 * nothing is left pointing at what went: its redirects, posts, pages, then the images nothing uses any
 * more (an image someone has since put in a post of their own stays), the tags and categories it made
 * that no post has now, and the byline-only authors who have not signed in since. What it took as
 * existing, or overwrote (`replace`), stays.
 */
export async function undoImport(db: Db, importId: string, targets: ImportTargets) {
  const made = async (kind: string) =>
    (await repo.itemsOfKind(db, importId, kind))
      // `pending`: written, or not, when a kill came before the ledger heard; removing a missing id is a no-op.
      .filter((row) => (row.outcome === 'created' || row.outcome === 'pending') && row.target_id)
      .map((row) => row.target_id);
  await targets.redirects.removeImported(importId);
  await targets.blog.removePosts(await made('post'));
  await targets.pages.removePages(await made('page'));
  await targets.uploads.removeUnused(await made('upload'));
  const tagNames = new Set((await made('tag')).map((name) => name.toLowerCase()));
  for (const tag of await targets.blog.listTags()) {
    if (tagNames.has(tag.name.toLowerCase()) && tag.posts === 0) await targets.blog.deleteTag(tag._id);
  }
  const categories = new Set(await made('category'));
  for (const category of await targets.blog.listCategories()) {
    if (!categories.has(category._id)) continue;
    // A category someone has used since keeps its posts: deleting it would uncategorize them.
    const used = await targets.blog.categoryInUse(category._id);
    if (!used) await targets.blog.deleteCategory(category._id);
  }
  // Only those no post credits any more (someone may have credited them on a post of their own since).
  await targets.people.removeBylineAuthors(await targets.blog.uncredited(await made('person')));
  await targets.subscribers.removeSubscribers(await made('subscriber'));
}
