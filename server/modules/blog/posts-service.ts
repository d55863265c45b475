import type { MediaUsage } from '#shared/api/uploads.ts';
import { EDIT_CONFLICT_MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import { POST_IMAGE_COLUMNS } from '#shared/post-fields.ts';
import type { BlogInput, PostDetails, PostStatus } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/database.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { SYSTEM, type Actor, type RevisionAction, type RevisionService } from '#server/modules/revisions/service.ts';
import type { ContentImages } from '#server/modules/uploads/content-images.ts';
import { rewriteAddresses } from '#server/lib/rewrite-addresses.ts';
import { sanitizeRichText } from '#server/lib/sanitize-html.ts';
import { addRedirect, removeRedirect } from './addresses-repository';
import {
  addAuthor,
  adoptAuthorless,
  countsByAuthor,
  reassignAuthor,
  setAuthors,
  uncreditedAmong,
} from './authors-repository';
import { findCategory, purgeTrash as purgeCategoryTrash } from './categories-repository';
import { pathOf, postWrite, reviewOf, toPost } from './mapping';
import { slugFor, uniqueSlug } from './post-addresses';
import { authorScopeOf, checkDeletable, checkedInput, requireOwnPost, type Writer } from './post-access';
import { publishingOf, revisionDataOf, validPost, type BlogInputFields } from './post-input';
import { keysetOfPosts } from './post-lists';
import * as repo from './posts-repository';
import { markStale } from './related-repository';
import type { SearchIndex } from './search-index';
import type { SearchLane } from './search-lane';
import type { BlogHooks, BlogWrites } from './writes';

/** What a post's save asks of its tags (tags-service.ts), in its transaction. */
interface PostTags {
  applyPostTags(trx: Db, postId: string, names: readonly string[] | undefined): Promise<string[]>;
}

/**
 * A post brought in by an import (docs/product.md#import): its id chosen by the import's ledger before the
 * write, so an import killed after the write finds the post again instead of making it twice.
 */
export interface ImportedPost {
  id: string;
  fields: BlogInputFields;
  /** Its first publication on the old site; null for a draft. */
  publishedAt: string | null;
  createdAt: string;
  authorIds: readonly string[];
}

/** How long posts stay in the trash. */
export const TRASH_DAYS = 30;
const ADMIN_PAGE_SIZE = 50;
/** Reads of a post an image replacement makes again when an editor saved it meanwhile. */
const REPLACE_ATTEMPTS = 3;

/** Writing posts (docs/product.md#blog-posts), their trash, and the admin's reads of them. */
export function createPostsService(deps: {
  db: Db;
  siteMeta: SiteMeta;
  revisions: RevisionService;
  images: ContentImages;
  hooks: BlogHooks;
  writes: BlogWrites;
  activity: ActivityRecorder;
  tags: PostTags;
  searchIndex: SearchIndex;
  searchLane: SearchLane;
}) {
  const { db, siteMeta, revisions, images, hooks, writes, activity, tags, searchIndex, searchLane } = deps;
  const { write, writeChecked } = writes;
  /**
   * Validated input with its content ready to store: pasted images stored as files, sanitised, and the
   * library's images given their size. Done before the transaction: it writes files.
   */
  async function prepared(raw: BlogInputFields): Promise<BlogInput> {
    const input = validPost(raw);
    const content = await images.withSizes(sanitizeRichText(await images.inlineToFiles(input.content)));
    return { ...input, content };
  }
  /**
   * Records a post's saved state in its history (docs/product.md#revisions), its tags as one text (a
   * name holds no comma), so that restoring brings them back with its other fields.
   */
  const recordRevision = (
    trx: Db,
    post: PostDetails,
    tagNames: string[],
    actor: Actor,
    action: RevisionAction = 'save',
  ) => revisions.record(trx, { type: 'post', id: post._id, data: revisionDataOf(post, tagNames) }, actor, action);
  /** The first revision of a post made in this transaction. */
  const recordFirstRevision = (trx: Db, post: PostDetails, tagNames: string[], actor: Actor, action: RevisionAction) =>
    revisions.recordFirst(trx, { type: 'post', id: post._id, data: revisionDataOf(post, tagNames) }, actor, action);

  const postTarget = (post: { _id: string; title: string }) => ({
    type: 'post' as const,
    id: post._id,
    label: post.title,
  });

  /**
   * The activity log's lines of a save that changed whether or when a post is public (in its transaction):
   * published, scheduled (or moved), taken back; and its newsletter when the save started one.
   */
  async function recordPublishing(
    trx: Db,
    actor: Actor,
    post: PostDetails,
    before: { status: string; publishAt: string | null } | null,
    after: { status: string; publish_at: string | null },
    newsletterStarted: unknown,
  ) {
    const entry = { actor, target: postTarget(post) };
    if (after.status === 'published' && before?.status !== 'published') {
      await activity.record(trx, { ...entry, action: 'post.published' });
    }
    if (after.status === 'scheduled' && (before?.status !== 'scheduled' || before.publishAt !== after.publish_at)) {
      await activity.record(trx, { ...entry, action: 'post.scheduled', detail: { publishAt: after.publish_at ?? '' } });
    }
    if (before?.status === 'published' && after.status !== 'published') {
      await activity.record(trx, { ...entry, action: 'post.unpublished', detail: { status: after.status } });
    }
    if (newsletterStarted === true) await activity.record(trx, { ...entry, action: 'newsletter.sent' });
  }

  async function requireCategory(trx: Db, id: string | null) {
    if (id === null) return null;
    const category = await findCategory(trx, id);
    if (!category) throw new InvalidInputError(SERVER_MESSAGES.categoryMissing, 'blogCategory');
    return category;
  }

  /** The admin's list: every post whatever its status, or those of one status and one category. */
  const listForAdmin = async (filter: { status?: PostStatus; categoryId?: string; authorId?: string }) =>
    (await repo.listPosts(db, filter)).map(toPost);

  return {
    /** A new post: published at once unless the input says draft or scheduled (docs/product.md#blog-posts). */
    createPost: async (raw: BlogInputFields, actor: Writer = SYSTEM) => {
      checkedInput(actor, validPost(raw));
      const input = checkedInput(actor, await prepared(raw));
      return writeChecked(async (trx) => {
        const category = await requireCategory(trx, input.blogCategory);
        const categoryId = category?.id ?? null;
        const id = newId();
        const slug = await slugFor(trx, input, categoryId);
        await removeRedirect(trx, pathOf(category?.slug ?? null, slug));
        const at = new Date().toISOString();
        const publishing = publishingOf(input, null, at);
        await repo.insertPost(trx, id, postWrite(input, { categoryId, slug }, publishing), at);
        if (actor.id) await addAuthor(trx, id, actor.id);
        const tagNames = await tags.applyPostTags(trx, id, input.tags);
        await markStale(trx, [id]);
        await searchIndex.reindexPosts(trx, [id]);
        const post = toPost((await repo.findPost(trx, id))!);
        await recordFirstRevision(trx, post, tagNames, actor, input.status === 'pending' ? 'submit' : 'save');
        const started =
          input.status === 'published' && publishing.newsletter ? await hooks.onPublished?.(trx, post) : false;
        await recordPublishing(trx, actor, post, null, publishing, started);
        return post;
      });
    },

    /**
     * Makes an imported post: published, draft or scheduled as on the old site, with its dates and authors,
     * never e-mailed (an import is not news), its content through the same sanitiser and image sizes as a
     * save. A custom address taken by another post is the usual 409 (the import's choice decides before).
     */
    importPost: async (imported: ImportedPost, actor: Actor = SYSTEM) => {
      const input = await prepared({ ...imported.fields, sendNewsletter: false });
      // Held by the import's job: indexed beside it once this commits (./search-lane.ts).
      const indexLater = searchLane.holding();
      const made = await writeChecked(async (trx) => {
        const category = await requireCategory(trx, input.blogCategory);
        const categoryId = category?.id ?? null;
        const slug = await slugFor(trx, input, categoryId);
        await removeRedirect(trx, pathOf(category?.slug ?? null, slug));
        const publishing = publishingOf(input, imported.publishedAt, imported.publishedAt ?? imported.createdAt);
        await repo.insertPost(trx, imported.id, postWrite(input, { categoryId, slug }, publishing), imported.createdAt);
        await setAuthors(trx, imported.id, imported.authorIds);
        const tagNames = await tags.applyPostTags(trx, imported.id, input.tags);
        await markStale(trx, [imported.id]);
        if (!indexLater) await searchIndex.reindexPosts(trx, [imported.id]);
        const post = toPost((await repo.findPost(trx, imported.id))!);
        await recordFirstRevision(trx, post, tagNames, actor, 'save');
        return post;
      });
      if (indexLater) searchLane.add(imported.id);
      return made;
    },

    /**
     * Points these posts' references to the image address `from` at `to` (an image an import could not
     * bring, uploaded by hand: docs/product.md#import): `src`/`href`/`poster` in the content, the feature
     * and social image, in the trash too. Each post that holds it is saved as an edit is: sanitised, library images given
     * their size, its search entry and a revision, the page cache's version raised; its publishing state,
     * address and tags stay. The save names the version it read, so a save by an editor meanwhile is never
     * overwritten: the post is read again. The posts of `featureFor` whose feature image is empty get `to`
     * (an import leaves it empty when it could not bring it). Answers the ids of the posts changed.
     */
    async replaceImage(
      ids: readonly string[],
      from: string,
      to: string,
      actor: Actor = SYSTEM,
      featureFor: readonly string[] = [],
    ): Promise<string[]> {
      const moved = new Map([[from, to]]);
      const changed: string[] = [];
      for (const id of ids) {
        for (let attempt = 1; ; attempt++) {
          // One in the trash too: restored, it shows the new image.
          const row = await repo.findPostWithTrash(db, id);
          if (!row) break;
          const rewritten = rewriteAddresses(row.content, moved);
          const columns = {
            // Sized before the transaction, as every save does: it reads the media library.
            content: rewritten === row.content ? row.content : await images.withSizes(sanitizeRichText(rewritten)),
            feature_image:
              row.feature_image === from || (!row.feature_image && featureFor.includes(id)) ? to : row.feature_image,
            social_image: row.social_image === from ? to : row.social_image,
          };
          if (
            columns.content === row.content &&
            columns.feature_image === row.feature_image &&
            columns.social_image === row.social_image
          )
            break;
          const saved = await write(async (trx) => {
            if (!(await repo.claimVersion(trx, id, Number(row.version)))) return false;
            await repo.setImages(trx, id, columns);
            await searchIndex.reindexPosts(trx, [id]);
            const post = toPost((await repo.findPostWithTrash(trx, id))!);
            await recordRevision(trx, post, await tags.applyPostTags(trx, id, undefined), actor);
            return true;
          });
          if (saved) {
            changed.push(id);
            break;
          }
          if (attempt === REPLACE_ATTEMPTS) throw new ConflictError(EDIT_CONFLICT_MESSAGES.conflict);
        }
      }
      return changed;
    },

    /** Of these people, those credited on no post (in the trash or not): an import's Undo may remove them. */
    uncredited: (userIds: readonly string[]) => uncreditedAmong(db, userIds),

    /** Whether a post of this id exists, in the trash or not (an import's ledger checks its own writes). */
    postExists: async (id: string) =>
      (await repo.findPost(db, id)) !== undefined || (await repo.findTrashedPost(db, id)) !== undefined,

    /** The post at a category's address (`null`: uncategorized) with this slug, if any: an import's clash check. */
    postIdAt: async (categoryId: string | null, slug: string) =>
      (await repo.findPostBySlug(db, categoryId, slug))?.id ?? null,

    /** Removes posts for good, with their tags' links, authors and history (Undo of an import). */
    removePosts: (ids: readonly string[]) =>
      write(async (trx) => {
        if (!ids.length) return 0;
        for (const id of ids) await hooks.onWithdrawn?.(trx, id);
        // Their Read next rows go with them (foreign keys); other posts' lists lose them at once.
        const removed = await repo.deletePosts(trx, ids);
        await searchIndex.reindexPosts(trx, [...ids]);
        return removed;
      }),

    /**
     * Saves an edit. A changed title, category or custom address moves the post to a new address and the
     * old one answers 301. Its first publication e-mails the subscribers unless told not to; later edits
     * e-mail nobody unless told to (and a post is e-mailed at most once: its campaign is unique).
     */
    updatePost: async (
      id: string,
      raw: BlogInputFields,
      actor: Writer = SYSTEM,
      action: 'save' | 'restore' = 'save',
      baseVersion?: number,
    ) => {
      const ready = await prepared(raw);
      return writeChecked(async (trx) => {
        const existing = await repo.findPost(trx, id);
        if (!existing) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
        await requireOwnPost(trx, actor, id);
        // docs/product.md#edit-conflicts: first, so a save that finds the post moved on writes nothing.
        if (!(await repo.claimVersion(trx, id, baseVersion))) throw new ConflictError(EDIT_CONFLICT_MESSAGES.conflict);
        const input = checkedInput(actor, ready, existing);
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
          await addRedirect(trx, oldPath, id);
          await removeRedirect(trx, newPath);
        }
        const publishing = publishingOf(input, existing.published_at);
        await repo.updatePost(trx, id, postWrite(input, { categoryId, slug }, publishing));
        // A published post has passed its review: the reviewer's note is done with.
        if (input.status === 'published' && existing.review_note !== null) await repo.setReview(trx, id, null);
        const tagNames = await tags.applyPostTags(trx, id, input.tags);
        await markStale(trx, [id]);
        await searchIndex.reindexPosts(trx, [id]);
        const post = toPost((await repo.findPost(trx, id))!);
        const submitted = input.status === 'pending' && existing.status !== 'pending';
        const accepted = input.status === 'published' && existing.status === 'pending';
        await recordRevision(trx, post, tagNames, actor, submitted ? 'submit' : accepted ? 'publish' : action);
        const publishedNow = input.status === 'published' && existing.status !== 'published';
        const resent = input.status === 'published' && input.sendNewsletter === true;
        const started =
          (publishedNow || resent) && publishing.newsletter ? await hooks.onPublished?.(trx, post) : false;
        if (existing.status === 'published' && input.status !== 'published') await hooks.onWithdrawn?.(trx, id);
        await recordPublishing(
          trx,
          actor,
          post,
          { status: existing.status, publishAt: existing.publish_at },
          publishing,
          started,
        );
        return post;
      });
    },

    /** Publishes every scheduled post that is due (a periodic job; safe in any number of processes). */
    async publishDue(): Promise<number> {
      const published = await db.transaction().execute(async (trx) => {
        const due = await repo.publishDue(trx);
        const dueIds = due.map((post) => post.id);
        await markStale(trx, dueIds);
        await searchIndex.reindexPosts(trx, dueIds);
        for (const { id, newsletter } of due) {
          const post = toPost((await repo.findPost(trx, id))!);
          const started = newsletter ? await hooks.onPublished?.(trx, post) : false;
          const scheduled = { status: 'scheduled', publishAt: null };
          await recordPublishing(trx, SYSTEM, post, scheduled, { status: 'published', publish_at: null }, started);
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
    deletePost: (id: string, actor: Writer = SYSTEM) =>
      write(async (trx) => {
        const existing = await repo.findPost(trx, id);
        if (!existing) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
        await requireOwnPost(trx, actor, id);
        checkDeletable(actor, existing.status);
        await hooks.onWithdrawn?.(trx, id);
        if (!(await repo.trashPost(trx, id, actor.id ? actor.name : null))) {
          throw new NotFoundError(SERVER_MESSAGES.postNotFound);
        }
        await markStale(trx, [id]);
        await searchIndex.reindexPosts(trx, [id]);
        await activity.record(trx, {
          action: 'post.deleted',
          actor,
          target: { type: 'post', id, label: existing.title },
          detail: { status: existing.status },
        });
        return { _id: id };
      }),

    listTrash: async () =>
      (await repo.listTrashedPosts(db)).map((row) => ({
        ...toPost(row),
        deletedAt: row.deleted_at!,
        ...(row.deleted_by ? { deletedBy: row.deleted_by } : {}),
      })),

    /** Takes a post out of the trash, at its old address unless another post took it meanwhile. */
    restorePost: (id: string, actor: Actor = SYSTEM) =>
      writeChecked(async (trx) => {
        const row = await repo.findTrashedPost(trx, id);
        if (!row) throw new NotFoundError(SERVER_MESSAGES.notInTrash);
        const slug = await uniqueSlug(trx, row.category_id, row.slug, id);
        await repo.untrashPost(trx, id, slug);
        await markStale(trx, [id]);
        await searchIndex.reindexPosts(trx, [id]);
        await removeRedirect(trx, pathOf(row.category_slug, slug));
        const post = toPost((await repo.findPost(trx, id))!);
        await activity.record(trx, { action: 'post.restored', actor, target: postTarget(post) });
        return post;
      }),

    /** Housekeeping (a periodic job): posts in the trash for 30 days, and deleted categories, go for good. */
    async purgeTrash(): Promise<string[]> {
      const before = new Date(Date.now() - TRASH_DAYS * 24 * 3600_000).toISOString();
      return db.transaction().execute(async (trx) => {
        const purged = await repo.purgeTrashedPosts(trx, before);
        await purgeCategoryTrash(trx, before);
        for (const post of purged) {
          await activity.record(trx, {
            action: 'post.purged',
            actor: SYSTEM,
            target: { type: 'post', id: post.id, label: post.title },
          });
        }
        return purged.map((post) => post.id);
      });
    },

    /** The post whatever its status, and whether publishing it (when scheduled) e-mails the subscribers. */
    async getAdminPost(id: string, actor: Writer = SYSTEM) {
      const row = await repo.findPost(db, id);
      if (!row) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
      await requireOwnPost(db, actor, id);
      return {
        post: toPost(row),
        newsletterOnPublish: row.status === 'scheduled' && row.newsletter === 1,
        review: reviewOf(row),
        version: row.version,
      };
    },

    /** A post the writer may see (any, without a person), whatever its status. */
    async getPost(id: string, actor: Writer = SYSTEM): Promise<PostDetails> {
      const row = await repo.findPost(db, id);
      if (!row) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
      await requireOwnPost(db, actor, id);
      return toPost(row);
    },

    listForAdmin,

    countsByAuthor: (userIds: readonly string[]) => countsByAuthor(db, userIds),
    /** Posts made without a person (the seed) become the Owner's: no post is without an author. */
    adoptAuthorless: (userId: string) => adoptAuthorless(db, userId),
    reassignAuthor,

    /** The titles of these posts by id, in the trash or not; an id of no post is left out. */
    async postTitles(ids: readonly string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      return new Map((await repo.findPostTitles(db, ids)).map((post) => [post.id, post.title]));
    },

    /** The posts that use an uploaded image (docs/product.md#media-library), with the screen that edits each. */
    async imageUsage(like: string): Promise<MediaUsage[]> {
      return (await repo.findPostsMatching(db, like, POST_IMAGE_COLUMNS)).map((post) => ({
        kind: 'post' as const,
        label: post.deleted_at ? `${post.title} (in the trash)` : post.title,
        path: post.deleted_at ? '/admin/trash' : `/admin/blogs/edit/${post.id}`,
      }));
    },

    /** The admin's list as the API asks it: all of it, or with `limit`/`cursor` a keyset page. */
    async pageForAdmin(
      query: { status?: PostStatus; categoryId?: string; limit?: number; cursor?: string },
      actor: Writer = SYSTEM,
    ) {
      const filter = { status: query.status, categoryId: query.categoryId, authorId: authorScopeOf(actor) };
      if (query.limit === undefined && query.cursor === undefined) {
        return { posts: await listForAdmin(filter), pageInfo: undefined };
      }
      return keysetOfPosts(db, filter, query.limit ?? ADMIN_PAGE_SIZE, query.cursor);
    },
  };
}
