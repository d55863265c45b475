import { TAG_MESSAGES } from '#shared/messages.ts';
import type { PageQuery } from '#server/lib/paging.ts';
import type { PostCard, PostDetails } from '#shared/schemas/blog.ts';
import type { PublicTag, Tag, TagInput, TagLink } from '#shared/schemas/tags.ts';
import { isInternalTag, tagKey, tagSlug, tagUrl } from '#shared/tags.ts';
import { toPostCard } from '#shared/schemas/blog.ts';
import { isSafeText } from '#shared/text-safety.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/database.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import { pageOfPosts } from './post-lists';
import { markStale } from './related-repository';
import * as repo from './tags-repository';
import type { BlogHooks, BlogWrites } from './writes';

type TagRow = NonNullable<Awaited<ReturnType<typeof repo.findTag>>>;

const toTag = (row: TagRow & { n: number }): Tag => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  posts: row.n,
  internal: isInternalTag(row.name),
});

const toPublicTag = (row: TagRow): PublicTag => ({
  name: row.name,
  slug: row.slug,
  url: tagUrl(row.slug),
  description: row.description,
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
});

/** A segment browsers would resolve as a path step can never be a tag page's address. */
const unusable = (slug: string) => slug === '' || slug === '.' || slug === '..' || slug === '#';

/**
 * Tags (docs/product.md#tags): a post's tags are set with its save (created on the fly), and the admin's
 * Tags screen edits, renames (the old address answers 301), merges and deletes them. Every write that changes
 * which posts have which tag names calls `hooks.onPostsRetagged` in its transaction (the search index's seam)
 * and marks the posts' Read next lists stale, except a post's own save, which does both itself.
 */
export function createTagsService(deps: { db: Db; writes: BlogWrites; hooks: BlogHooks }) {
  const { db, writes, hooks } = deps;

  async function retagged(trx: Db, postIds: string[]) {
    if (!postIds.length) return;
    await hooks.onPostsRetagged?.(trx, postIds);
    await markStale(trx, postIds);
  }

  /** A free address for a new tag: its name's, or with `-2`, `-3` … when another tag has it. */
  async function freeSlug(trx: Db, name: string) {
    const base = tagSlug(name);
    if (unusable(base)) throw new InvalidInputError(TAG_MESSAGES.nameUnusable(name), 'tags');
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.findTagBySlugKey(trx, slug.toLowerCase()))) return slug;
    }
  }

  /**
   * Inside a post's save: sets its tags by name (matched ignoring case, new ones created), unless `names`
   * is undefined (the post keeps its tags). Answers the post's tag names as stored, in order. The save
   * itself then rebuilds the post's search row and marks its Read next stale (posts-service.ts), once,
   * whether or not its tags changed, so nothing here announces the change.
   */
  async function applyPostTags(trx: Db, postId: string, names: readonly string[] | undefined): Promise<string[]> {
    const current = await repo.tagsOfPost(trx, postId);
    if (names === undefined) return current.map((tag) => tag.name);
    const wanted = new Map<string, string>();
    for (const name of names) if (!wanted.has(tagKey(name))) wanted.set(tagKey(name), name.trim());
    const existing = new Map((await repo.findTagsByNameKeys(trx, [...wanted.keys()])).map((t) => [t.name_key, t]));
    const ids: string[] = [];
    const stored: string[] = [];
    for (const [key, name] of wanted) {
      let tag = existing.get(key);
      if (!tag) {
        const slug = await freeSlug(trx, name);
        const id = newId();
        await repo.insertTag(trx, { id, name, slug });
        await repo.removeTagRedirect(trx, slug.toLowerCase());
        tag = (await repo.findTag(trx, id))!;
      }
      ids.push(tag.id);
      stored.push(tag.name);
    }
    const before = current.map((tag) => tag.id);
    if (before.length !== ids.length || before.some((id, i) => id !== ids[i])) await repo.setPostTags(trx, postId, ids);
    return stored;
  }

  async function requireTag(trx: Db, id: string) {
    const tag = await repo.findTag(trx, id);
    if (!tag) throw new NotFoundError(TAG_MESSAGES.notFound);
    return tag;
  }

  /** The public page of a segment: its tag, where it moved to, or nothing (unknown, internal). */
  async function tagBySegment(segment: string): Promise<{ id: string; tag: PublicTag } | { movedTo: string } | null> {
    if (!isSafeText(segment)) return null;
    const key = segment.toLowerCase();
    const row = await repo.findTagBySlugKey(db, key);
    if (row) return isInternalTag(row.name) ? null : { id: row.id, tag: toPublicTag(row) };
    const movedId = await repo.findTagRedirect(db, key);
    const moved = movedId ? await repo.findTag(db, movedId) : undefined;
    return moved && !isInternalTag(moved.name) ? { movedTo: moved.slug } : null;
  }

  /** The public tags of these posts, each post's in order. */
  async function publicTagsOf(postIds: readonly string[]): Promise<Map<string, TagLink[]>> {
    const map = new Map<string, TagLink[]>(postIds.map((id) => [id, []]));
    for (const row of await repo.tagsOfPosts(db, postIds)) {
      if (isInternalTag(row.name)) continue;
      map.get(row.post_id)?.push({ name: row.name, slug: row.slug, url: tagUrl(row.slug) });
    }
    return map;
  }

  return {
    applyPostTags,

    /** A post's tag names, internal ones too (the editor). */
    tagNamesOf: async (postId: string) => (await repo.tagsOfPost(db, postId)).map((tag) => tag.name),

    /** Every tag's name: the editor's suggestions. */
    listTagNames: () => repo.listTagNames(db),

    listTags: async () => (await repo.listTagsWithCounts(db)).map(toTag),

    /** Edits a tag; a new name or address moves its page, and the old address answers 301. */
    saveTag: (id: string, input: TagInput) =>
      writes.writeChecked(async (trx) => {
        const tag = await requireTag(trx, id);
        const slug = input.slug || tagSlug(input.name);
        if (unusable(slug)) throw new InvalidInputError(TAG_MESSAGES.nameUnusable(input.name), 'slug');
        const clash = await repo.findTagClash(trx, tagKey(input.name), slug.toLowerCase(), id);
        if (clash?.name_key === tagKey(input.name)) throw new ConflictError(TAG_MESSAGES.nameTaken(input.name));
        if (clash) throw new ConflictError(TAG_MESSAGES.slugTaken(slug));
        if (tag.slug_key !== slug.toLowerCase()) {
          await repo.addTagRedirect(trx, tag.slug_key, id);
          await repo.removeTagRedirect(trx, slug.toLowerCase());
        }
        await repo.updateTag(trx, id, {
          name: input.name,
          slug,
          description: input.description,
          meta_title: input.metaTitle,
          meta_description: input.metaDescription,
        });
        if (tag.name !== input.name) await hooks.onPostsRetagged?.(trx, await repo.postIdsOfTag(trx, id));
        const saved = (await repo.listTagsWithCounts(trx)).find((row) => row.id === id)!;
        return toTag(saved);
      }),

    /** Merges `fromId` into `intoId`: its posts get `intoId`, and its addresses lead to `intoId`'s page. */
    mergeTag: (fromId: string, intoId: string) =>
      writes.writeChecked(async (trx) => {
        if (fromId === intoId) throw new InvalidInputError(TAG_MESSAGES.mergeSame, 'into');
        const from = await requireTag(trx, fromId);
        await requireTag(trx, intoId);
        const posts = await repo.postIdsOfTag(trx, fromId);
        await repo.moveTagRedirects(trx, fromId, intoId);
        await repo.addTagRedirect(trx, from.slug_key, intoId);
        await repo.mergeTagInto(trx, fromId, intoId);
        await repo.deleteTag(trx, fromId);
        await retagged(trx, posts);
        return toTag((await repo.listTagsWithCounts(trx)).find((row) => row.id === intoId)!);
      }),

    /** Deletes a tag: its posts lose it, its page and its old addresses answer 404. */
    deleteTag: (id: string) =>
      writes.write(async (trx) => {
        await requireTag(trx, id);
        const posts = await repo.postIdsOfTag(trx, id);
        await repo.deleteTag(trx, id);
        await retagged(trx, posts);
        return { _id: id };
      }),

    tagBySegment,

    /** A public tag page's list: its published posts, newest first, paged like /blogs. */
    listByTag: (tagId: string, page?: PageQuery) => pageOfPosts(db, { tagId, status: 'public' }, page),

    publicTagsOf,

    /** Cards of these posts with their public tags (one read for all of them). */
    async cardsOf(posts: readonly PostDetails[]): Promise<PostCard[]> {
      const tags = await publicTagsOf(posts.map((post) => post._id));
      return posts.map((post) => toPostCard(post, tags.get(post._id) ?? []));
    },

    /** The addresses of the public tags with a published post (the sitemap). */
    publicTagPaths: async () =>
      (await repo.listPublicTagSlugs(db)).filter((t) => !isInternalTag(t.name)).map((t) => tagUrl(t.slug)),
  };
}
