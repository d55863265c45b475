import { SERVER_MESSAGES } from '#shared/messages.ts';
import { blogPostUrl, UNCATEGORIZED } from '#shared/paths.ts';
import { tagUrl } from '#shared/tags.ts';
import { isSafeText } from '#shared/text-safety.ts';
import type { BlogCategory, PostDetails } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { NotFoundError } from '#server/errors.ts';
import type { PageQuery } from '#server/lib/paging.ts';
import {
  countMovedPosts,
  findRedirect,
  listMovedPosts,
  listPublicAddresses,
  listRecentPostLinks,
  publicPositionAt,
} from './addresses-repository';
import { findCategory, findCategoryBySlug, listCategories } from './categories-repository';
import { pathOf, toCategory, toPost, toPostLink } from './mapping';
import { pageOfPosts } from './post-lists';
import { countMovedTags, listMovedTags } from './tags-repository';
import { countPosts, findPost, findPostBySlug, listPosts } from './posts-repository';

const RECENT_COUNT = 5;

/** What visitors may read of the blog: published posts only, by list, category and address. */
export function createPublicReads(deps: { db: Db }) {
  const { db } = deps;

  /** `null` for the uncategorized segment, `undefined` when no such category exists. */
  async function categoryBySegment(segment: string): Promise<BlogCategory | null | undefined> {
    if (segment.toLowerCase() === UNCATEGORIZED) return null;
    const row = await findCategoryBySlug(db, segment);
    return row ? toCategory(row) : undefined;
  }

  return {
    categoryBySegment,

    /**
     * The blog's automatic redirects (a renamed or moved post's old address, a renamed or merged tag's),
     * by old address: the first `limit` containing `search`, and how many there are. Settings → Redirects
     * lists them read-only (docs/decisions/0032-redirects.md).
     */
    async automaticRedirects(search: string | undefined, limit: number) {
      const [posts, tags, postCount, tagCount] = await Promise.all([
        listMovedPosts(db, search, limit),
        listMovedTags(db, search, limit),
        countMovedPosts(db, search),
        countMovedTags(db, search),
      ]);
      const rows = [
        ...posts.map((r) => ({ from: r.path, to: pathOf(r.category_slug, r.slug), createdAt: r.created_at })),
        ...tags.map((r) => ({ from: tagUrl(r.old_slug_key), to: tagUrl(r.slug), createdAt: r.created_at })),
      ];
      return { rows, total: postCount + tagCount };
    },

    /** The public list: published posts only. */
    listPosts: (page?: PageQuery) => pageOfPosts(db, { status: 'public' }, page),

    async listByCategoryId(categoryId: string, page?: PageQuery) {
      if (!(await findCategory(db, categoryId))) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
      return pageOfPosts(db, { categoryId, status: 'public' }, page);
    },

    /** The public list of one category by its URL segment; `uncategorized` lists posts without one. */
    async listByCategorySegment(segment: string, page?: PageQuery) {
      const category = await categoryBySegment(segment);
      if (category === undefined) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
      return { category, ...(await pageOfPosts(db, { categoryId: category?._id ?? null, status: 'public' }, page)) };
    },

    /**
     * A published post by its address segments: the post, or where it moved to, or nothing. Drafts and
     * scheduled posts are not found, at their address or by an old one.
     */
    async findByPath(segment: string, slug: string): Promise<{ post: PostDetails } | { movedTo: string } | null> {
      // No address holds them, and PostgreSQL could not even compare them (shared/text-safety.ts).
      if (!isSafeText(segment) || !isSafeText(slug)) return null;
      const category = await categoryBySegment(segment);
      if (category !== undefined) {
        const row = await findPostBySlug(db, category?._id ?? null, slug);
        if (row) return row.status === 'published' ? { post: toPost(row) } : null;
      }
      const movedId = await findRedirect(db, blogPostUrl(segment, slug));
      const moved = movedId ? await findPost(db, movedId) : undefined;
      return moved?.status === 'published' ? { movedTo: toPost(moved).url } : null;
    },

    /** How many posts are public (the sitemap index counts its children by it). */
    countPublic: () => countPosts(db, { status: 'public' }),

    /**
     * The addresses of `count` public posts from the `offset`-th, newest publication first (one sitemap
     * file, at most 50,000): the start is one skip in the covering index, then one read of the three
     * columns an address needs. One read rather than keyset batches, which also had to read each row's
     * cursor columns and took twice as long (docs/decisions/0013-growth.md); 50,000 short rows are a few
     * MB, as is the file made from them.
     */
    async publicAddresses(offset: number, count: number) {
      const after = offset > 0 ? await publicPositionAt(db, offset - 1) : undefined;
      if ((offset > 0 && !after) || count <= 0) return [];
      const [rows, categories] = await Promise.all([listPublicAddresses(db, count, after), listCategories(db)]);
      const segments = new Map(categories.map((c) => [c.id, c.slug]));
      return rows.map((r) => ({
        url: pathOf((r.category_id && segments.get(r.category_id)) ?? null, r.slug),
        updatedAt: r.updated_at,
      }));
    },

    recentPosts: async () =>
      (await listPosts(db, { status: 'public' }, { offset: 0, limit: RECENT_COUNT })).map(toPost),

    /** The same posts as `recentPosts`, as the pages' sidebar links to them: titles and addresses only. */
    recentPostLinks: async () => (await listRecentPostLinks(db, RECENT_COUNT)).map(toPostLink),
  };
}
