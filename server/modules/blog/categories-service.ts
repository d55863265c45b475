import { SERVER_MESSAGES } from '#shared/messages.ts';
import { categorySlug, UNCATEGORIZED } from '#shared/paths.ts';
import type { CategoryInput } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/database.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import { addRedirect, removeRedirect } from './addresses-repository';
import * as repo from './categories-repository';
import { pathOf, toCategory } from './mapping';
import { uniqueSlug } from './post-addresses';
import { findPostWithTrash, listCategoryPostsWithTrash, listPosts, movePost } from './posts-repository';
import type { SearchIndex } from './search-index';
import type { BlogWrites } from './writes';

/** What the trash keeps of a deleted category, for undo. */
interface CategoryTrash {
  category: { id: string; name: string; slug: string };
  posts: Array<{ id: string; slug: string; movedTo: string }>;
}

/** Blog categories (docs/product.md#blog-entities); renaming or deleting one moves its posts' addresses. */
export function createCategoriesService(deps: { db: Db; writes: BlogWrites; searchIndex: SearchIndex }) {
  const { db, writes, searchIndex } = deps;
  const { writeChecked } = writes;
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
          for (const post of await listPosts(trx, { categoryId: existing.id })) {
            await addRedirect(trx, pathOf(existing.slug, post.slug), post.id);
            await removeRedirect(trx, pathOf(slug, post.slug));
          }
        }
        await repo.renameCategory(trx, existing.id, { name: input.name, slug });
        // Its posts' searchable text holds the category's name.
        if (existing.name !== input.name) await searchIndex.reindexCategory(trx, existing.id);
        return toCategory({ id: existing.id, name: input.name, slug });
      }),

    /** Deletes a category; its posts become uncategorized (re-slugged if needed, old addresses redirect). */
    /** Whether any post (in the trash too) is in this category (Undo of an import leaves a used one). */
    categoryInUse: async (id: string) => (await listCategoryPostsWithTrash(db, id)).length > 0,

    deleteCategory: (id: string) =>
      writeChecked(async (trx) => {
        const category = await repo.findCategory(trx, id);
        if (!category) throw new NotFoundError(SERVER_MESSAGES.categoryNotFound);
        const moved: CategoryTrash['posts'] = [];
        // Posts in the trash move too, so they come back where their category went.
        for (const post of await listCategoryPostsWithTrash(trx, id)) {
          const slug = await uniqueSlug(trx, null, post.slug);
          await addRedirect(trx, pathOf(category.slug, post.slug), post.id);
          await removeRedirect(trx, pathOf(null, slug));
          await movePost(trx, post.id, null, slug);
          moved.push({ id: post.id, slug: post.slug, movedTo: slug });
        }
        await repo.deleteCategory(trx, id);
        await searchIndex.reindexPosts(
          trx,
          moved.map((post) => post.id),
        );
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
          const post = await findPostWithTrash(trx, moved.id);
          // Only posts still where the deletion put them go back (one moved since stays where it is).
          if (!post || post.category_id !== null || post.slug !== moved.movedTo) continue;
          const slug = await uniqueSlug(trx, category.id, moved.slug, moved.id);
          await movePost(trx, moved.id, category.id, slug);
          await removeRedirect(trx, pathOf(category.slug, slug));
          await addRedirect(trx, pathOf(null, moved.movedTo), moved.id);
        }
        await repo.deleteTrash(trx, id);
        await searchIndex.reindexCategory(trx, category.id);
        return toCategory(category);
      }),
  };
}
