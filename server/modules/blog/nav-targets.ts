import { blogCategoryUrl } from '#shared/paths.ts';
import { isInternalTag, tagUrl } from '#shared/tags.ts';
import { PICKER_LIMIT, type ResolvedTarget } from '#shared/navigation.ts';
import type { Db } from '#server/db/database.ts';
import { publicAuthorIdsAmong } from './authors-repository';
import { listCategories } from './categories-repository';
import { pathOf } from './mapping';
import { findPostIdsByTitle, findPostTargets } from './posts-repository';
import { findTagsByIds, listTagChoices } from './tags-repository';

type Targets = Map<string, ResolvedTarget>;

const matches = (search: string) => (name: string) => name.toLowerCase().includes(search.toLowerCase());

/**
 * The blog's side of the navigation's links (server/modules/navigation/resolvers.ts): what each post,
 * category and tag id is now, its title and address, read in one query per kind whatever the menu's size.
 */
export function createNavTargets(deps: { db: Db }) {
  const { db } = deps;
  return {
    async postTargets(ids: readonly string[]): Promise<Targets> {
      const rows = await findPostTargets(db, ids);
      return new Map(
        rows.map((row) => {
          const state = row.deleted_at ? 'trashed' : row.status === 'published' ? 'shown' : 'unpublished';
          const path = state === 'shown' ? pathOf(row.category_slug, row.slug) : '';
          return [row.id, { state, title: row.title, path }] as const;
        }),
      );
    },

    /** Categories are few: read whole, like the category pages do (categories-repository.ts). */
    async categoryTargets(ids: readonly string[]): Promise<Targets> {
      const wanted = new Set(ids);
      const rows = (await listCategories(db)).filter((row) => wanted.has(row.id));
      return new Map(
        rows.map((row) => [row.id, { state: 'shown', title: row.name, path: blogCategoryUrl(row.slug) }] as const),
      );
    },

    /** An internal tag (`#…`) has no public page: hidden. */
    async tagTargets(ids: readonly string[]): Promise<Targets> {
      return new Map(
        (await findTagsByIds(db, ids)).map((row) => {
          const hidden = isInternalTag(row.name);
          return [
            row.id,
            { state: hidden ? 'hidden' : 'shown', title: row.name, path: hidden ? '' : tagUrl(row.slug) },
          ];
        }),
      );
    },

    /** The picker's choices: ids of the newest posts, categories and tags whose name contains `search`. */
    postChoices: (search: string) => findPostIdsByTitle(db, search, PICKER_LIMIT),
    async categoryChoices(search: string): Promise<string[]> {
      return (await listCategories(db)).filter((row) => matches(search)(row.name)).map((row) => row.id);
    },
    async tagChoices(search: string): Promise<string[]> {
      const rows = (await listTagChoices(db)).filter((row) => !isInternalTag(row.name) && matches(search)(row.name));
      return rows.slice(0, PICKER_LIMIT * 5).map((row) => row.id);
    },

    /** Which of these people's author pages exist (a page needs a published post). */
    publicAuthorsAmong: async (ids: readonly string[]) => new Set(await publicAuthorIdsAmong(db, ids)),
  };
}
