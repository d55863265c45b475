import { z } from './zod';

/**
 * Keyset ("cursor") paging shared by the lists that grow (docs/api.md#paging). A page answers
 * `meta.next`, an opaque cursor naming the last row it holds; passing it back as `?cursor=` answers the
 * rows after that one. Unlike `?page=N` it costs the same on the first page and on the ten-thousandth,
 * and rows added meanwhile never shift a page. One source for the server's checks and the browser's types.
 */
export const PAGING_MESSAGES = {
  badCursor: 'The cursor is not valid: pass back the meta.next of the previous page',
  badLimit: (max: number) => `The page size (limit) must be a whole number from 1 to ${max}`,
  pageAndCursor: 'Give either page or cursor, not both',
} as const;

/** `?limit=`: a page size from 1 to `max`. */
export const pageSizeParam = (max: number) =>
  z.coerce
    .number({ error: PAGING_MESSAGES.badLimit(max) })
    .check(
      z.int(PAGING_MESSAGES.badLimit(max)),
      z.minimum(1, PAGING_MESSAGES.badLimit(max)),
      z.maximum(max, PAGING_MESSAGES.badLimit(max)),
    );

/**
 * `?cursor=`: what an earlier page answered in `meta.next` (base64url; the server decodes it), or empty
 * for the first page.
 */
export const cursorParam = z
  .string({ error: PAGING_MESSAGES.badCursor })
  .check(z.maxLength(400, PAGING_MESSAGES.badCursor), z.regex(/^[\w-]*$/, PAGING_MESSAGES.badCursor));

/** `meta` of a cursor page: `next` is null on the last page. */
export const cursorPageInfoSchema = z.object({
  limit: z.number(),
  hasMore: z.boolean(),
  next: z.nullable(z.string()),
});
export type CursorPageInfo = z.infer<typeof cursorPageInfoSchema>;

/** The query of a cursor-paged admin list. */
export const cursorQuery = (defaultLimit: number, max: number) => ({
  limit: z._default(pageSizeParam(max), defaultLimit),
  cursor: z.optional(cursorParam),
});
