import type { Db } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import type { PostDetails } from '#shared/schemas/blog.ts';
import type { ReviewHooks } from './review';

const POST_ADDRESS_INDEX = 'blog_posts_address_idx';
/** Each lost attempt means another writer took an address meanwhile: enough for 20 posts of one title saved at once. */
const WRITE_ATTEMPTS = 20;

export interface BlogHooks extends ReviewHooks {
  /**
   * Runs inside the transaction that first publishes a post the administrator chose to e-mail: the
   * newsletter campaign is recorded there, so it exists exactly when the publication does.
   */
  onPublished?: (trx: Db, post: PostDetails) => Promise<unknown>;
  /** Runs inside the transaction that takes a published post off the site (back to draft, or deleted). */
  onWithdrawn?: (trx: Db, postId: string) => Promise<unknown>;
  /**
   * Runs inside every transaction that changes which tag names posts have: a post's tags set by its save,
   * a tag renamed, merged or deleted (server/modules/blog/tags-service.ts). `postIds`: the posts affected.
   * The seam for the search index, which holds posts' public tag names.
   */
  onPostsRetagged?: (trx: Db, postIds: string[]) => Promise<unknown>;
  /** Runs after any blog write has committed. */
  afterCommit?: () => void;
}

/** The transactions of blog writes, shared by the posts and the categories. */
export function createBlogWrites(deps: { db: Db; siteMeta: SiteMeta; hooks: BlogHooks }) {
  const { db, siteMeta, hooks } = deps;

  /** Blog writes change public pages (lists, posts, sidebar), so they bump the page-cache version. */
  async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const value = await work(trx);
      await siteMeta.bumpContentVersion(trx);
      return value;
    });
    await siteMeta.contentVersion.refresh();
    hooks.afterCommit?.();
    return result;
  }

  /**
   * A write whose unique checks another writer may win between the check and the insert: the database's
   * unique indexes on post addresses (server/db/migrations/2026-11-24-0011-unique-post-addresses.ts) and
   * on category and tag names and addresses refuse the loser, and its write runs again. The second run's checks
   * see the winner: a title-made address moves on to the next free `-N`, and a custom address or a
   * category name taken meanwhile is the usual 409 with its message.
   */
  async function writeChecked<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write(work);
      } catch (err) {
        const raced =
          isUniqueViolation(err, POST_ADDRESS_INDEX) ||
          isUniqueViolation(err, 'blog_categories') ||
          // Two saves creating one new tag at once (docs/product.md#tags): the second finds it and uses it.
          isUniqueViolation(err, 'blog_tags');
        if (!raced || attempt === WRITE_ATTEMPTS) throw err;
      }
    }
  }

  return { write, writeChecked };
}
export type BlogWrites = ReturnType<typeof createBlogWrites>;
