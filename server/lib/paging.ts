import { PAGING_MESSAGES, type CursorPageInfo } from '#shared/schemas/paging.ts';
import { InvalidInputError } from '#server/errors.ts';
import { decodeCursor, keysetPage, type Cursor } from './cursor';

/**
 * Paging of a list that may grow large (docs/api.md#paging): all of it up to a cap, a numbered page with
 * its total, or a keyset page after a cursor. A module gives the rows of its list in order and their
 * count; the choice between the three, and the cursors, are here.
 */

/** Which rows of a list one read takes: a slice by `offset`, or the `limit` rows after `after`. */
export interface ListSlice {
  offset?: number;
  limit: number;
  after?: Cursor;
  /** The list's length when known: a slice in its second half is then read from the end. */
  total?: number;
}

export interface ListSource<R> {
  /** Rows in the list's order (newest first), as the slice says. */
  list(slice: ListSlice): Promise<R[]>;
  count(): Promise<number>;
  /** The position of a row: its sort key and id. */
  cursorOf(row: R): Cursor;
}

/** `meta` of a numbered page. */
export interface NumberedPageInfo {
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

export type PageQuery = { page?: number; limit?: number; cursor?: string };

/** Offsets below this are skipped from the start without waiting for the count. */
const NEAR_PAGES = 1000;

/** The `limit` rows after `cursor` (from the start without one), and the cursor of the page after. */
export async function keysetOf<R>(source: ListSource<R>, limit: number, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await source.list({ limit: limit + 1, after });
  const { rows: shown, meta } = keysetPage(rows, limit, source.cursorOf);
  return { rows: shown, pageInfo: meta };
}

/**
 * One list as asked: without parameters all of it up to `sizes.all` rows; with `page`/`limit` a numbered
 * page with its total; with `cursor` (empty for the first page) the page after it (keyset, no total) and
 * the cursor of the next.
 */
export async function pageOf<R>(
  source: ListSource<R>,
  page: PageQuery,
  sizes: { all: number; page: number },
): Promise<{ rows: R[]; pageInfo: NumberedPageInfo | CursorPageInfo | undefined }> {
  if (page.cursor !== undefined) {
    if (page.page !== undefined) throw new InvalidInputError(PAGING_MESSAGES.pageAndCursor, 'cursor');
    return keysetOf(source, page.limit ?? sizes.page, page.cursor);
  }
  if (!page.page && !page.limit) {
    return { rows: await source.list({ offset: 0, limit: sizes.all }), pageInfo: undefined };
  }
  const limit = page.limit ?? sizes.page;
  const current = page.page ?? 1;
  const offset = (current - 1) * limit;
  // A deep page waits for the count, so that one past the middle is read from the end (offsetSlice).
  const [rows, total] =
    offset < NEAR_PAGES
      ? await Promise.all([source.list({ offset, limit }), source.count()])
      : await source.count().then(async (n) => [await source.list({ offset, limit, total: n }), n] as const);
  return { rows, pageInfo: { page: current, limit, total, hasMore: current * limit < total } };
}

/**
 * How to read the slice at `offset` of a list of `total` rows (0: unknown) by skipping rows in an index:
 * forward from the start, or, in the list's second half, backward from its end (the oldest first), so the
 * last numbered page costs what the first does. `null`: the slice is past the end.
 */
export function offsetSlice(
  offset: number,
  limit: number,
  total = 0,
): { backward: boolean; offset: number; limit: number } | null {
  if (offset >= total && total > 0) return null;
  const backward = offset > total / 2 && total > 0;
  return backward
    ? { backward, limit: Math.min(limit, total - offset), offset: Math.max(0, total - offset - limit) }
    : { backward, limit, offset };
}
