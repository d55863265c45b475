import { randomBytes } from 'node:crypto';
import { PUBLISHING_MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import { blogPostUrl, categorySlug, titleSlug, UNCATEGORIZED } from '#shared/paths.ts';
import { isSafeText } from '#shared/text-safety.ts';
import {
  blogInputSchema,
  type BlogCategory,
  type BlogInput,
  type PostDetails,
  type CategoryInput,
  type PageInfo,
  type PostStatus,
} from '#shared/schemas/blog.ts';
import type { z } from '#shared/schemas/zod.ts';
import { PAGING_MESSAGES, type CursorPageInfo } from '#shared/schemas/paging.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { SYSTEM, type Actor, type RevisionService } from '#server/modules/revisions/service.ts';
import type { ContentImages } from '#server/modules/uploads/content-images.ts';
import { sanitizeRichText } from '#server/lib/sanitize-html.ts';
import { decodeCursor, keysetPage } from '#server/lib/cursor.ts';
import * as repo from './repository';
import { pathOf, postWrite, toCategory, toPost, toPostLink } from './mapping';

const RECENT_COUNT = 5;
const POST_ADDRESS_INDEX = 'blog_posts_address_idx';
/** Each lost attempt means another writer took an address meanwhile: enough for 20 posts of one title saved at once. */
const WRITE_ATTEMPTS = 20;
const ALL_POSTS_CAP = 1000;
const DEFAULT_PAGE_SIZE = 10;
const ADMIN_PAGE_SIZE = 50;
/** Offsets below this are skipped from the start without waiting for the count. */
const NEAR_PAGES = 1000;
type PageQuery = { page?: number; limit?: number; cursor?: string };
interface PostPage {
  posts: PostDetails[];
  pageInfo: PageInfo | CursorPageInfo | undefined;
}

/** The first free slug in a category: the base, else base-2, base-3 … */
async function uniqueSlug(db: Db, categoryId: string | null, base: string, excludeId?: string): Promise<string> {
  const taken = new Set(await repo.slugsLike(db, categoryId, base, excludeId));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** How long posts stay in the trash. */
export const TRASH_DAYS = 30;

interface CategoryTrash {
  category: { id: string; name: string; slug: string };
  posts: Array<{ id: string; slug: string; movedTo: string }>;
}

/** The fields of a post its history keeps (not its publishing state: restoring never publishes). */
const REVISION_FIELDS = [
  'title',
  'excerpt',
  'content',
  'featureImage',
  'customSlug',
  'metaTitle',
  'metaDescription',
  'socialImage',
] as const;
const revisionDataOf = (post: PostDetails) => ({
  ...Object.fromEntries(REVISION_FIELDS.map((field) => [field, post[field]])),
  blogCategory: post.blogCategory[0]?._id ?? '',
});

/** What callers pass: the API's parsed body, or fewer fields from the seed and tests (defaults fill the rest). */
export type BlogInputFields = z.input<typeof blogInputSchema>;

function validPost(raw: BlogInputFields): BlogInput {
  const parsed = blogInputSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new InvalidInputError(issue.message, issue.path.map(String).join('.') || undefined);
}

/** The address segment a post gets: its custom one, which must be free, or the first free one from its title. */
async function slugFor(db: Db, input: BlogInput, categoryId: string | null, excludeId?: string): Promise<string> {
  if (!input.customSlug) return uniqueSlug(db, categoryId, titleSlug(input.title), excludeId);
  const taken = await repo.findPostBySlug(db, categoryId, input.customSlug);
  if (taken && taken.id !== excludeId) throw new ConflictError(PUBLISHING_MESSAGES.slugTaken, 'customSlug');
  return input.customSlug;
}

/**
 * The publishing columns of a save: when it is public and whether it e-mails the subscribers. A post
 * keeps the time of its first publication; a scheduled one needs a time in the future.
 */
function publishingOf(input: BlogInput, publishedAt: string | null, at = new Date().toISOString()) {
  const status: PostStatus = input.status;
  const firstPublication = publishedAt === null;
  const newsletter = input.sendNewsletter ?? firstPublication;
  if (status === 'scheduled') {
    const at = new Date(input.publishAt!);
    if (at.getTime() <= Date.now()) throw new InvalidInputError(PUBLISHING_MESSAGES.publishAtPast, 'publishAt');
    return { status, publish_at: at.toISOString(), published_at: publishedAt, newsletter: newsletter ? 1 : 0 };
  }
  return {
    status,
    publish_at: null,
    published_at: status === 'published' ? (publishedAt ?? at) : publishedAt,
    newsletter: newsletter ? 1 : 0,
  };
}

export interface BlogHooks {
  /**
   * Runs inside the transaction that first publishes a post the administrator chose to e-mail: the
   * newsletter campaign is recorded there, so it exists exactly when the publication does.
   */
  onPublished?: (trx: Db, post: PostDetails) => Promise<unknown>;
  /** Runs inside the transaction that takes a published post off the site (back to draft, or deleted). */
  onWithdrawn?: (trx: Db, postId: string) => Promise<unknown>;
  /** Runs after any blog write has committed. */
  afterCommit?: () => void;
}

export function createBlogService(deps: {
  db: Db;
  siteMeta: SiteMeta;
  revisions: RevisionService;
  images: ContentImages;
  hooks?: BlogHooks;
}) {
  const { db, siteMeta, revisions, images, hooks = {} } = deps;
  /**
   * Validated input with its content ready to store: pasted images stored as files, sanitised, and the
   * library's images given their size. Done before the transaction: it writes files.
   */
  async function prepared(raw: BlogInputFields): Promise<BlogInput> {
    const input = validPost(raw);
    const content = await images.withSizes(sanitizeRichText(await images.inlineToFiles(input.content)));
    return { ...input, content };
  }
  /** Records a post's saved state in its history (docs/product.md#revisions). */
  const recordRevision = (trx: Db, post: PostDetails, actor: Actor, action: 'save' | 'restore' = 'save') =>
    revisions.record(trx, { type: 'post', id: post._id, data: revisionDataOf(post) }, actor, action);
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
   * on category names and addresses refuse the loser, and its write runs again. The second run's checks
   * see the winner: a title-made address moves on to the next free `-N`, and a custom address or a
   * category name taken meanwhile is the usual 409 with its message.
   */
  async function writeChecked<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write(work);
      } catch (err) {
        const raced = isUniqueViolation(err, POST_ADDRESS_INDEX) || isUniqueViolation(err, 'blog_categories');
        if (!raced || attempt === WRITE_ATTEMPTS) throw err;
      }
    }
  }

  async function requireCategory(trx: Db, id: string | null) {
    if (id === null) return null;
    const category = await repo.findCategory(trx, id);
    if (!category) throw new InvalidInputError(SERVER_MESSAGES.categoryMissing, 'blogCategory');
    return category;
  }

  /** The `limit` posts after `cursor` (from the start without one), and the cursor of the page after. */
  async function keyset(filter: repo.PostFilter, limit: number, cursor?: string) {
    const key = repo.sortKeyOf(filter);
    const after = cursor ? decodeCursor(cursor) : undefined;
    const rows = await repo.listPosts(db, filter, { limit: limit + 1, after });
    const { rows: shown, meta } = keysetPage(rows, limit, (row) => ({ key: row[key]!, id: row.id }));
    return { posts: shown.map(toPost), pageInfo: meta };
  }

  /**
   * One list as asked: without parameters all of it up to 1000 posts (the spec's "all posts"); with
   * `page`/`limit` a numbered page with its total; with `cursor` (empty for the first page) the page after
   * it (keyset, no total) and the cursor of the next.
   */
  async function pageOf(filter: repo.PostFilter, page: PageQuery = {}): Promise<PostPage> {
    if (page.cursor !== undefined) {
      if (page.page !== undefined) throw new InvalidInputError(PAGING_MESSAGES.pageAndCursor, 'cursor');
      return keyset(filter, page.limit ?? DEFAULT_PAGE_SIZE, page.cursor);
    }
    if (!page.page && !page.limit) {
      return {
        posts: (await repo.listPosts(db, filter, { offset: 0, limit: ALL_POSTS_CAP })).map(toPost),
        pageInfo: undefined,
      };
    }
    const limit = page.limit ?? DEFAULT_PAGE_SIZE;
    const current = page.page ?? 1;
    const offset = (current - 1) * limit;
    // A deep page waits for the count, so that one past the middle is read from the end (repository).
    const [rows, total] =
      offset < NEAR_PAGES
        ? await Promise.all([repo.listPosts(db, filter, { offset, limit }), repo.countPosts(db, filter)])
        : await repo
            .countPosts(db, filter)
            .then(async (n) => [await repo.listPosts(db, filter, { offset, limit, total: n }), n] as const);
    const pageInfo: PageInfo = { page: current, limit, total, hasMore: current * limit < total };
    return { posts: rows.map(toPost), pageInfo };
  }

  return {
    listCategories: async () => (await repo.listCategories(db)).map(toCategory),

    /** Creates a category, or renames it when `_id` is given; old post addresses keep working (301). */
    saveCategory: (input: CategoryInput) =>
      writeChecked(async (trx) => {
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
      writeChecked(async (trx) => {
        const category = await repo.findCategory(trx, id);
        if (!category) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
        const moved: CategoryTrash['posts'] = [];
        // Posts in the trash move too, so they come back where their category went.
        for (const post of await repo.listCategoryPostsWithTrash(trx, id)) {
          const slug = await uniqueSlug(trx, null, post.slug);
          await repo.addRedirect(trx, pathOf(category.slug, post.slug), post.id);
          await repo.removeRedirect(trx, pathOf(null, slug));
          await repo.movePost(trx, post.id, null, slug);
          moved.push({ id: post.id, slug: post.slug, movedTo: slug });
        }
        await repo.deleteCategory(trx, id);
        // Kept for undo: the category and where its posts were.
        const trash: CategoryTrash = { category: { id, name: category.name, slug: category.slug }, posts: moved };
        await repo.insertTrash(trx, { id, kind: 'category', data: JSON.stringify(trash) });
        return { _id: id };
      }),

    /** Undoes a category's deletion: it comes back with its posts at their old addresses. */
    restoreCategory: (id: string) =>
      writeChecked(async (trx) => {
        const entry = await repo.findTrash(trx, id, 'category');
        if (!entry) throw new NotFoundError(SERVER_MESSAGES.notInTrash);
        const { category, posts } = JSON.parse(entry.data) as CategoryTrash;
        if (await repo.findCategoryClash(trx, category.name.toLowerCase(), category.slug)) {
          throw new ConflictError(SERVER_MESSAGES.categoryNameTaken(category.name));
        }
        await repo.insertCategory(trx, category);
        for (const moved of posts) {
          const post = await repo.findPostWithTrash(trx, moved.id);
          // Only posts still where the deletion put them go back (one moved since stays where it is).
          if (!post || post.category_id !== null || post.slug !== moved.movedTo) continue;
          const slug = await uniqueSlug(trx, category.id, moved.slug, moved.id);
          await repo.movePost(trx, moved.id, category.id, slug);
          await repo.removeRedirect(trx, pathOf(category.slug, slug));
          await repo.addRedirect(trx, pathOf(null, moved.movedTo), moved.id);
        }
        await repo.deleteTrash(trx, id);
        return toCategory(category);
      }),

    /** A new post: published at once unless the input says draft or scheduled (docs/product.md#blog-posts). */
    createPost: async (raw: BlogInputFields, actor: Actor = SYSTEM) => {
      const input = await prepared(raw);
      return writeChecked(async (trx) => {
        const category = await requireCategory(trx, input.blogCategory);
        const categoryId = category?.id ?? null;
        const id = newId();
        const slug = await slugFor(trx, input, categoryId);
        await repo.removeRedirect(trx, pathOf(category?.slug ?? null, slug));
        const at = new Date().toISOString();
        const publishing = publishingOf(input, null, at);
        await repo.insertPost(trx, id, postWrite(input, { categoryId, slug }, publishing), at);
        const post = toPost((await repo.findPost(trx, id))!);
        await recordRevision(trx, post, actor);
        if (input.status === 'published' && publishing.newsletter) await hooks.onPublished?.(trx, post);
        return post;
      });
    },

    /**
     * Saves an edit. A changed title, category or custom address moves the post to a new address and the
     * old one answers 301. Its first publication e-mails the subscribers unless told not to; later edits
     * e-mail nobody unless told to (and a post is e-mailed at most once: its campaign is unique).
     */
    updatePost: async (
      id: string,
      raw: BlogInputFields,
      actor: Actor = SYSTEM,
      action: 'save' | 'restore' = 'save',
    ) => {
      const input = await prepared(raw);
      return writeChecked(async (trx) => {
        const existing = await repo.findPost(trx, id);
        if (!existing) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
        const category = await requireCategory(trx, input.blogCategory);
        const categoryId = category?.id ?? null;
        const moved =
          categoryId !== existing.category_id ||
          input.customSlug !== existing.custom_slug ||
          (!input.customSlug && input.title !== existing.title);
        const slug = moved ? await slugFor(trx, input, categoryId, id) : existing.slug;
        const oldPath = pathOf(existing.category_slug, existing.slug);
        const newPath = pathOf(category?.slug ?? null, slug);
        if (oldPath !== newPath) {
          await repo.addRedirect(trx, oldPath, id);
          await repo.removeRedirect(trx, newPath);
        }
        const publishing = publishingOf(input, existing.published_at);
        await repo.updatePost(trx, id, postWrite(input, { categoryId, slug }, publishing));
        const post = toPost((await repo.findPost(trx, id))!);
        await recordRevision(trx, post, actor, action);
        const publishedNow = input.status === 'published' && existing.status !== 'published';
        const resent = input.status === 'published' && input.sendNewsletter === true;
        if ((publishedNow || resent) && publishing.newsletter) await hooks.onPublished?.(trx, post);
        if (existing.status === 'published' && input.status !== 'published') await hooks.onWithdrawn?.(trx, id);
        return post;
      });
    },

    /** Publishes every scheduled post that is due (a periodic job; safe in any number of processes). */
    async publishDue(): Promise<number> {
      const published = await db.transaction().execute(async (trx) => {
        const due = await repo.publishDue(trx);
        for (const { id, newsletter } of due) {
          if (newsletter) await hooks.onPublished?.(trx, toPost((await repo.findPost(trx, id))!));
        }
        // This runs every 15 s: a tick that published nothing changed no page, and bumping anyway would
        // empty every process's page cache four times a minute (docs/decisions/0011-shared-page-cache.md).
        if (due.length > 0) await siteMeta.bumpContentVersion(trx);
        return due.length;
      });
      if (published > 0) {
        await siteMeta.contentVersion.refresh();
        hooks.afterCommit?.();
      }
      return published;
    },

    /** Puts a post in the trash for 30 days (docs/product.md#trash); it leaves every page at once. */
    deletePost: (id: string) =>
      write(async (trx) => {
        await hooks.onWithdrawn?.(trx, id);
        if (!(await repo.trashPost(trx, id))) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
        return { _id: id };
      }),

    listTrash: async () =>
      (await repo.listTrashedPosts(db)).map((row) => ({ ...toPost(row), deletedAt: row.deleted_at! })),

    /** Takes a post out of the trash, at its old address unless another post took it meanwhile. */
    restorePost: (id: string) =>
      writeChecked(async (trx) => {
        const row = await repo.findTrashedPost(trx, id);
        if (!row) throw new NotFoundError(SERVER_MESSAGES.notInTrash);
        const slug = await uniqueSlug(trx, row.category_id, row.slug, id);
        await repo.untrashPost(trx, id, slug);
        await repo.removeRedirect(trx, pathOf(row.category_slug, slug));
        return toPost((await repo.findPost(trx, id))!);
      }),

    /** Housekeeping (a periodic job): posts in the trash for 30 days, and deleted categories, go for good. */
    async purgeTrash(): Promise<string[]> {
      const before = new Date(Date.now() - TRASH_DAYS * 24 * 3600_000).toISOString();
      return db.transaction().execute(async (trx) => {
        const purged = await repo.purgeTrashedPosts(trx, before);
        await repo.purgeTrash(trx, before);
        return purged;
      });
    },

    /** The post whatever its status, and whether publishing it (when scheduled) e-mails the subscribers. */
    async getAdminPost(id: string): Promise<{ post: PostDetails; newsletterOnPublish: boolean }> {
      const row = await repo.findPost(db, id);
      if (!row) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
      return { post: toPost(row), newsletterOnPublish: row.status === 'scheduled' && row.newsletter === 1 };
    },

    async getPost(id: string): Promise<PostDetails> {
      const row = await repo.findPost(db, id);
      if (!row) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
      return toPost(row);
    },

    /** The public list: published posts only. */
    listPosts: (page?: PageQuery) => pageOf({ status: 'public' }, page),

    /** The admin's list: every post whatever its status, or those of one status and one category. */
    listForAdmin: async (filter: { status?: PostStatus; categoryId?: string }) =>
      (await repo.listPosts(db, filter)).map(toPost),

    /** The admin's list as the API asks it: all of it, or with `limit`/`cursor` a keyset page. */
    async pageForAdmin(query: { status?: PostStatus; categoryId?: string; limit?: number; cursor?: string }) {
      const filter = { status: query.status, categoryId: query.categoryId };
      if (query.limit === undefined && query.cursor === undefined) {
        return { posts: await this.listForAdmin(filter), pageInfo: undefined };
      }
      return keyset(filter, query.limit ?? ADMIN_PAGE_SIZE, query.cursor);
    },

    async listByCategoryId(categoryId: string, page?: PageQuery) {
      if (!(await repo.findCategory(db, categoryId))) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
      return pageOf({ categoryId, status: 'public' }, page);
    },

    /** The public list of one category by its URL segment; `uncategorized` lists posts without one. */
    async listByCategorySegment(segment: string, page?: PageQuery) {
      const category = await this.categoryBySegment(segment);
      if (category === undefined) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
      return { category, ...(await pageOf({ categoryId: category?._id ?? null, status: 'public' }, page)) };
    },

    /** `null` for the uncategorized segment, `undefined` when no such category exists. */
    async categoryBySegment(segment: string): Promise<BlogCategory | null | undefined> {
      if (segment.toLowerCase() === UNCATEGORIZED) return null;
      const row = await repo.findCategoryBySlug(db, segment);
      return row ? toCategory(row) : undefined;
    },

    /**
     * A published post by its address segments: the post, or where it moved to, or nothing. Drafts and
     * scheduled posts are not found, at their address or by an old one.
     */
    async findByPath(segment: string, slug: string): Promise<{ post: PostDetails } | { movedTo: string } | null> {
      // No address holds them, and PostgreSQL could not even compare them (shared/text-safety.ts).
      if (!isSafeText(segment) || !isSafeText(slug)) return null;
      const category = await this.categoryBySegment(segment);
      if (category !== undefined) {
        const row = await repo.findPostBySlug(db, category?._id ?? null, slug);
        if (row) return row.status === 'published' ? { post: toPost(row) } : null;
      }
      const movedId = await repo.findRedirect(db, blogPostUrl(segment, slug));
      const moved = movedId ? await repo.findPost(db, movedId) : undefined;
      return moved?.status === 'published' ? { movedTo: toPost(moved).url } : null;
    },

    /** How many posts are public (the sitemap index counts its children by it). */
    countPublic: () => repo.countPosts(db, { status: 'public' }),

    /**
     * The addresses of `count` public posts from the `offset`-th, newest publication first (one sitemap
     * file, at most 50,000): the start is one skip in the covering index, then one read of the three
     * columns an address needs. One read rather than keyset batches, which also had to read each row's
     * cursor columns and took twice as long (docs/decisions/0013-growth.md); 50,000 short rows are a few
     * MB, as is the file made from them.
     */
    async publicAddresses(offset: number, count: number) {
      const after = offset > 0 ? await repo.publicPositionAt(db, offset - 1) : undefined;
      if ((offset > 0 && !after) || count <= 0) return [];
      const [rows, categories] = await Promise.all([
        repo.listPublicAddresses(db, count, after),
        repo.listCategories(db),
      ]);
      const segments = new Map(categories.map((c) => [c.id, c.slug]));
      return rows.map((r) => ({
        url: pathOf((r.category_id && segments.get(r.category_id)) ?? null, r.slug),
        updatedAt: r.updated_at,
      }));
    },

    recentPosts: async () =>
      (await repo.listPosts(db, { status: 'public' }, { offset: 0, limit: RECENT_COUNT })).map(toPost),

    /** The same posts as `recentPosts`, as the pages' sidebar links to them: titles and addresses only. */
    recentPostLinks: async () => (await repo.listRecentPostLinks(db, RECENT_COUNT)).map(toPostLink),

    /** The post behind a preview link, whatever its status; undefined when the link is not (or no longer) valid. */
    async findByPreviewToken(token: string): Promise<PostDetails | undefined> {
      if (!/^[\w-]{20,64}$/.test(token)) return undefined;
      const row = await repo.findPostByPreviewToken(db, token);
      return row ? toPost(row) : undefined;
    },

    /** The post's shareable preview link (made on first use); revoking it makes the next one different. */
    async previewToken(id: string): Promise<string> {
      const token = await repo.ensurePreviewToken(db, id, randomBytes(24).toString('base64url'));
      if (!token) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
      return token;
    },

    async revokePreviewToken(id: string): Promise<void> {
      if (!(await repo.setPreviewToken(db, id, null))) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
    },
  };
}
export type BlogService = ReturnType<typeof createBlogService>;
