import { z } from '#shared/schemas/zod.ts';
import { postDetailsSchema, pageInfoSchema } from '#shared/schemas/blog.ts';
import {
  adminSearchQuerySchema,
  searchHitSchema,
  searchMetaSchema,
  searchQuerySchema,
} from '#shared/schemas/search.ts';
import { endpoint } from './endpoint';

/**
 * Search of posts (docs/api.md#search): ranked over title (first), tags, category, authors' names, excerpt
 * and content, with stemming, accent folding and the last word as a prefix. Numbered pages (`page`,
 * `limit`) with their total in `meta`.
 */

/**
 * Published posts only, best first, each with a snippet of where the words were found (HTML whose only
 * tags are `<mark>`); when nothing matches, `meta.suggestions` holds the closest title words. Rate limited
 * per address (with the /search page).
 */
export const searchPosts = endpoint({
  method: 'GET',
  path: '/search',
  access: 'public',
  query: searchQuerySchema,
  data: z.array(searchHitSchema),
  meta: searchMetaSchema,
});

/** The admin post list's search: every status but the trash, filtered like the list; an Author's own posts. */
export const searchAdminPosts = endpoint({
  method: 'GET',
  path: '/admin/posts/search',
  access: 'admin',
  allow: 'posts.write',
  query: adminSearchQuerySchema,
  data: z.array(postDetailsSchema),
  meta: pageInfoSchema,
});
