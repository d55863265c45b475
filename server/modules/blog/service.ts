import { blogPostUrl, categorySlug, titleSlug, UNCATEGORIZED } from '#shared/paths.ts';
import type { BlogCategory, BlogInput, BlogPost, CategoryInput, PageInfo } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import { HttpError } from '#server/plugins/errors.ts';
import type { ContentVersion } from '#server/modules/cache/content-version.ts';
import { bumpContentVersion } from '#server/modules/content/repository.ts';
import { sanitizeRichText } from '#server/modules/richtext/sanitize.ts';
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

export function createBlogService(db: Db, version: ContentVersion, hooks: BlogHooks = {}) {
  /** Blog writes change public pages (lists, posts, sidebar), so they bump the page-cache version. */
  async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const value = await work(trx);
      await bumpContentVersion(trx);
      return value;
    });
    await version.refresh();
    hooks.afterCommit?.();
    return result;
  }

  async function requireCategory(trx: Db, id: string | null) {
    if (id === null) return null;
    const category = await repo.findCategory(trx, id);
    if (!category) throw new HttpError(400, 'The selected category does not exist');
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
          throw new HttpError(400, `"${input.name}" cannot be used as a category name`, 'name');
        if (slug.toLowerCase() === UNCATEGORIZED)
          throw new HttpError(409, `"${input.name}" is reserved for posts without a category`);
        if (await repo.findCategoryClash(trx, input.name.toLowerCase(), slug, input._id)) {
          throw new HttpError(409, `A category named "${input.name}" already exists`);
        }
        const at = now();
        if (!input._id) {
          const id = newId();
          await trx
            .insertInto('blog_categories')
            .values({ id, name: input.name, name_key: input.name.toLowerCase(), slug, created_at: at, updated_at: at })
            .execute();
          return toCategory({ id, name: input.name, slug });
        }
        const existing = await repo.findCategory(trx, input._id);
        if (!existing) throw new HttpError(404, 'Category not found');
        if (existing.slug !== slug) {
          for (const post of await repo.listPosts(trx, { categoryId: existing.id })) {
            await repo.addRedirect(trx, pathOf(existing.slug, post.slug), post.id);
            await repo.removeRedirect(trx, pathOf(slug, post.slug));
          }
        }
        await trx
          .updateTable('blog_categories')
          .set({ name: input.name, name_key: input.name.toLowerCase(), slug, updated_at: at })
          .where('id', '=', existing.id)
          .execute();
        return toCategory({ id: existing.id, name: input.name, slug });
      }),

    /** Deletes a category; its posts become uncategorized (re-slugged if needed, old addresses redirect). */
    deleteCategory: (id: string) =>
      write(async (trx) => {
        const category = await repo.findCategory(trx, id);
        if (!category) throw new HttpError(404, 'Category not found');
        for (const post of await repo.listPosts(trx, { categoryId: id })) {
          const slug = await uniqueSlug(trx, null, post.slug);
          await repo.addRedirect(trx, pathOf(category.slug, post.slug), post.id);
          await repo.removeRedirect(trx, pathOf(null, slug));
          await trx.updateTable('blog_posts').set({ category_id: null, slug }).where('id', '=', post.id).execute();
        }
        await trx.deleteFrom('blog_categories').where('id', '=', id).execute();
        return { _id: id };
      }),

    createPost: (input: BlogInput) =>
      write(async (trx) => {
        const category = await requireCategory(trx, input.blogCategory);
        const id = newId();
        const at = now();
        const slug = await uniqueSlug(trx, category?.id ?? null, titleSlug(input.title));
        await repo.removeRedirect(trx, pathOf(category?.slug ?? null, slug));
        await trx
          .insertInto('blog_posts')
          .values({
            id,
            title: input.title,
            excerpt: input.excerpt,
            content: sanitizeRichText(input.content),
            feature_image: input.featureImage,
            category_id: category?.id ?? null,
            slug,
            created_at: at,
            updated_at: at,
          })
          .execute();
        const post = toPost((await repo.findPost(trx, id))!);
        await hooks.onPublished?.(trx, post);
        return post;
      }),

    /** A changed title or category moves the post to a new address; the old one answers 301. */
    updatePost: (id: string, input: BlogInput) =>
      write(async (trx) => {
        const existing = await repo.findPost(trx, id);
        if (!existing) throw new HttpError(404, 'Post not found');
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
        await trx
          .updateTable('blog_posts')
          .set({
            title: input.title,
            excerpt: input.excerpt,
            content: sanitizeRichText(input.content),
            feature_image: input.featureImage,
            category_id: categoryId,
            slug,
            updated_at: now(),
          })
          .where('id', '=', id)
          .execute();
        return toPost((await repo.findPost(trx, id))!);
      }),

    deletePost: (id: string) =>
      write(async (trx) => {
        const result = await trx.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw new HttpError(404, 'Post not found');
        return { _id: id };
      }),

    async getPost(id: string): Promise<BlogPost> {
      const row = await repo.findPost(db, id);
      if (!row) throw new HttpError(404, 'Post not found');
      return toPost(row);
    },

    listPosts: (page?: { page?: number; limit?: number }) => pageOf({}, page),

    async listByCategoryId(categoryId: string, page?: { page?: number; limit?: number }) {
      if (!(await repo.findCategory(db, categoryId))) throw new HttpError(404, 'Category not found');
      return pageOf({ categoryId }, page);
    },

    /** The public list of one category by its URL segment; `uncategorized` lists posts without one. */
    async listByCategorySegment(segment: string, page?: { page?: number; limit?: number }) {
      const category = await this.categoryBySegment(segment);
      if (category === undefined) throw new HttpError(404, 'Category not found');
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
