import { SEARCH_MESSAGES } from '#shared/messages.ts';
import { POST_STATUSES, pageInfoSchema } from './blog';
import { pageSizeParam } from './paging';
import { z } from './zod';

/** The longest query searched for; a longer one is a 400 with SEARCH_MESSAGES.queryTooLong. */
export const MAX_QUERY_LENGTH = 200;
/** Results a page of /search shows. */
export const SEARCH_PAGE_SIZE = 10;

const queryTooLong = SEARCH_MESSAGES.queryTooLong(MAX_QUERY_LENGTH);
const queryRequired = SEARCH_MESSAGES.queryRequired;

/** `?q=`: what to search for, as typed (docs/api.md#search). */
export const searchText = z
  .string({ error: queryRequired })
  .check(z.minLength(1, queryRequired), z.maxLength(MAX_QUERY_LENGTH, queryTooLong));

const pageParam = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)));

export const searchQuerySchema = z.object({ q: searchText, page: pageParam, limit: z.optional(pageSizeParam(50)) });

export const adminSearchQuerySchema = z.object({
  q: searchText,
  status: z.optional(z.enum(POST_STATUSES)),
  categoryId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  page: pageParam,
  limit: z.optional(pageSizeParam(200)),
});

/** A public result: what its card shows, and the words around the hits as HTML (escaped; only `<mark>`). */
export const searchHitSchema = z.object({
  _id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  featureImage: z.string(),
  url: z.string(),
  publishedAt: z.nullable(z.string()),
  category: z.nullable(z.string()),
  snippet: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** `meta` of a search: a numbered page, and when nothing matched the closest title words. */
export const searchMetaSchema = z.extend(pageInfoSchema, { suggestions: z.array(z.string()) });
export type SearchMeta = z.infer<typeof searchMetaSchema>;
