import { SERVER_MESSAGES } from '#shared/messages.ts';
import { blogPostUrl, categorySlug, titleSlug, UNCATEGORIZED } from '#shared/paths.ts';
import type { BlogCategory, BlogInput, BlogPost, CategoryInput, PageInfo } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/database.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import { sanitizeRichText } from '#server/lib/sanitize-html.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import * as repo from './repository';
import type { PostRow } from './repository';

const RECENT_COUNT = 5;
const ALL_POSTS_CAP = 1000;

const pathOf = (categorySegment: string | null, slug: string) => blogPostUrl(categorySegment ?? UNCATEGORIZED, slug);

function toPost(row: PostRow): BlogPost {
  return {
    _id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    featureImage: row.feature_image,
    blogCategory: row.category_id
      ? [{ _id: row.category_id, name: row.category_name ?? '', slug: row.category_slug ?? '' }]
      : [],
    slug: row.slug,
    url: pathOf(row.category_slug, row.slug),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The stored columns of a post from the validated input; rich text is sanitised here, on every write. */
const postWrite = (input: BlogInput, categoryId: string | null, slug: string): repo.PostWrite => ({
  title: input.title,
  excerpt: input.excerpt,
  content: sanitizeRichText(input.content),
  feature_image: input.featureImage,
  category_id: categoryId,
  slug,
});

const toCategory = (row: { id: string; name: string; slug: string }): BlogCategory => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
});

/** The first free slug in a category: the base, else base-2, base-3 … */
async function uniqueSlug(db: Db, categoryId: string | null, base: string, excludeId?: string): Promise<string> {
  const taken = new Set(await repo.slugsLike(db, categoryId, base, excludeId));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface BlogHooks {
  /** Runs inside the transaction that publishes a new post (subscribers' e-mails are queued there). */
  onPublished?: (trx: Db, post: BlogPost) => Promise<unknown>;
  /** Runs after any blog write has committed. */
  afterCommit?: () => void;
}

export function createBlogService(deps: { db: Db; siteMeta: SiteMeta; hooks?: BlogHooks }) {
  const { db, siteMeta, hooks = {} } = deps;
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

  async function requireCategory(trx: Db, id: string | null) {
    if (id === null) return null;
    const category = await repo.findCategory(trx, id);
    if (!category) throw new InvalidInputError(SERVER_MESSAGES.categoryMissing, 'blogCategory');
    return category;
  }

  async function pageOf(filter: repo.CategoryFilter, page?: { page?: number; limit?: number }) {
    if (!page?.page && !page?.limit) {
      return {
        posts: (await repo.listPosts(db, filter, { offset: 0, limit: ALL_POSTS_CAP })).map(toPost),
        pageInfo: undefined,
      };
    }
    const limit = page.limit ?? 10;
    const current = page.page ?? 1;
    const [rows, total] = await Promise.all([
      repo.listPosts(db, filter, { offset: (current - 1) * limit, limit }),
      repo.countPosts(db, filter),
    ]);
    const pageInfo: PageInfo = { page: current, limit, total, hasMore: current * limit < total };
    return { posts: rows.map(toPost), pageInfo };
  }

  return {
    listCategories: async () => (await repo.listCategories(db)).map(toCategory),

    /** Creates a category, or renames it when `_id` is given; old post addresses keep working (301). */
    saveCategory: (input: CategoryInput) =>
      write(async (trx) => {
        const slug = categorySlug(input.name);
        // Browsers resolve '.' and '..' as path steps, so /blogs/../<post> could never reach the category.
        if (slug === '.' || slug === '..')
          throw new InvalidInputError(SERVER_MESSAGES.categoryNameUnusable(input.name), 'name');
        if (slug.toLowerCase() === UNCATEGORIZED)
          throw new ConflictError(SERVER_MESSAGES.categoryNameReserved(input.name));
        if (await repo.findCategoryClash(trx, input.name.toLowerCase(), slug, input._id)) {
          throw new ConflictError(SERVER_MESSAGES.categoryNameTaken(input.name));
        }
        if (!input._id) {
          const id = newId();
          await repo.insertCategory(trx, { id, name: input.name, slug });
          return toCategory({ id, name: input.name, slug });
        }
        const existing = await repo.findCategory(trx, input._id);
        if (!existing) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
        if (existing.slug !== slug) {
          for (const post of await repo.listPosts(trx, { categoryId: existing.id })) {
            await repo.addRedirect(trx, pathOf(existing.slug, post.slug), post.id);
            await repo.removeRedirect(trx, pathOf(slug, post.slug));
          }
        }
        await repo.renameCategory(trx, existing.id, { name: input.name, slug });
        return toCategory({ id: existing.id, name: input.name, slug });
      }),

    /** Deletes a category; its posts become uncategorized (re-slugged if needed, old addresses redirect). */
    deleteCategory: (id: string) =>
      write(async (trx) => {
        const category = await repo.findCategory(trx, id);
        if (!category) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
        for (const post of await repo.listPosts(trx, { categoryId: id })) {
          const slug = await uniqueSlug(trx, null, post.slug);
          await repo.addRedirect(trx, pathOf(category.slug, post.slug), post.id);
          await repo.removeRedirect(trx, pathOf(null, slug));
          await repo.movePost(trx, post.id, null, slug);
        }
        await repo.deleteCategory(trx, id);
        return { _id: id };
      }),

    createPost: (input: BlogInput) =>
      write(async (trx) => {
        const category = await requireCategory(trx, input.blogCategory);
        const id = newId();
        const slug = await uniqueSlug(trx, category?.id ?? null, titleSlug(input.title));
        await repo.removeRedirect(trx, pathOf(category?.slug ?? null, slug));
        await repo.insertPost(trx, id, postWrite(input, category?.id ?? null, slug));
        const post = toPost((await repo.findPost(trx, id))!);
        await hooks.onPublished?.(trx, post);
        return post;
      }),

    /** A changed title or category moves the post to a new address; the old one answers 301. */
    updatePost: (id: string, input: BlogInput) =>
      write(async (trx) => {
        const existing = await repo.findPost(trx, id);
        if (!existing) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
        const category = await requireCategory(trx, input.blogCategory);
        const categoryId = category?.id ?? null;
        const moved = categoryId !== existing.category_id || input.title !== existing.title;
        const slug = moved ? await uniqueSlug(trx, categoryId, titleSlug(input.title), id) : existing.slug;
        const oldPath = pathOf(existing.category_slug, existing.slug);
        const newPath = pathOf(category?.slug ?? null, slug);
        if (oldPath !== newPath) {
          await repo.addRedirect(trx, oldPath, id);
          await repo.removeRedirect(trx, newPath);
        }
        await repo.updatePost(trx, id, postWrite(input, categoryId, slug));
        return toPost((await repo.findPost(trx, id))!);
      }),

    deletePost: (id: string) =>
      write(async (trx) => {
        if (!(await repo.deletePost(trx, id))) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
        return { _id: id };
      }),

    async getPost(id: string): Promise<BlogPost> {
      const row = await repo.findPost(db, id);
      if (!row) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
      return toPost(row);
    },

    listPosts: (page?: { page?: number; limit?: number }) => pageOf({}, page),

    async listByCategoryId(categoryId: string, page?: { page?: number; limit?: number }) {
      if (!(await repo.findCategory(db, categoryId))) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
      return pageOf({ categoryId }, page);
    },

    /** The public list of one category by its URL segment; `uncategorized` lists posts without one. */
    async listByCategorySegment(segment: string, page?: { page?: number; limit?: number }) {
      const category = await this.categoryBySegment(segment);
      if (category === undefined) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
      return { category, ...(await pageOf({ categoryId: category?._id ?? null }, page)) };
    },

    /** `null` for the uncategorized segment, `undefined` when no such category exists. */
    async categoryBySegment(segment: string): Promise<BlogCategory | null | undefined> {
      if (segment.toLowerCase() === UNCATEGORIZED) return null;
      const row = await repo.findCategoryBySlug(db, segment);
      return row ? toCategory(row) : undefined;
    },

    /** A post by its address segments: the post, or where it moved to, or nothing. */
    async findByPath(segment: string, slug: string): Promise<{ post: BlogPost } | { movedTo: string } | null> {
      const category = await this.categoryBySegment(segment);
      if (category !== undefined) {
        const row = await repo.findPostBySlug(db, category?._id ?? null, slug);
        if (row) return { post: toPost(row) };
      }
      const movedId = await repo.findRedirect(db, blogPostUrl(segment, slug));
      const moved = movedId ? await repo.findPost(db, movedId) : undefined;
      return moved ? { movedTo: toPost(moved).url } : null;
    },

    recentPosts: async () => (await repo.listPosts(db, {}, { offset: 0, limit: RECENT_COUNT })).map(toPost),
  };
}
export type BlogService = ReturnType<typeof createBlogService>;
