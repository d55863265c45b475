import { PAGING_MESSAGES } from '#shared/schemas/paging.ts';
import { InvalidInputError } from '#server/errors.ts';

/**
 * The position after which a keyset page starts: the sort key of the last row shown (a time) and its id,
 * which breaks ties so no row is skipped or shown twice. Sent to clients as opaque base64url JSON so its
 * shape can change without changing the API.
 */
export interface Cursor {
  key: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');

/** A cursor from a client; anything that is not one a page answered is a 400, never a 500. */
export function decodeCursor(text: string): Cursor {
  let value: unknown[];
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
  } catch {
    throw new InvalidInputError(PAGING_MESSAGES.badCursor, 'cursor');
  }
  const ok =
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((part) => typeof part === 'string' && part.length > 0 && part.length <= 64 && !part.includes('\0'));
  if (!ok) throw new InvalidInputError(PAGING_MESSAGES.badCursor, 'cursor');
  return { key: value[0] as string, id: value[1] as string };
}

/**
 * Cuts the `limit + 1` rows a keyset query read into the page and its meta: the extra row only says
 * that there is more.
 */
export function keysetPage<R>(rows: R[], limit: number, cursorOf: (row: R) => Cursor) {
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = page.at(-1);
  return { rows: page, meta: { limit, hasMore, next: hasMore && last ? encodeCursor(cursorOf(last)) : null } };
}
