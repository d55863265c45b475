import { PUBLISHING_MESSAGES } from '#shared/messages.ts';
import { titleSlug } from '#shared/paths.ts';
import type { BlogInput } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError } from '#server/errors.ts';
import { slugsLike } from './addresses-repository';
import { findPostBySlug } from './posts-repository';

/** The first free slug in a category: the base, else base-2, base-3 … */
export async function uniqueSlug(db: Db, categoryId: string | null, base: string, excludeId?: string): Promise<string> {
  const taken = new Set(await slugsLike(db, categoryId, base, excludeId));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The address segment a post gets: its custom one, which must be free, or the first free one from its title. */
export async function slugFor(
  db: Db,
  input: BlogInput,
  categoryId: string | null,
  excludeId?: string,
): Promise<string> {
  if (!input.customSlug) return uniqueSlug(db, categoryId, titleSlug(input.title), excludeId);
  const taken = await findPostBySlug(db, categoryId, input.customSlug);
  if (taken && taken.id !== excludeId) throw new ConflictError(PUBLISHING_MESSAGES.slugTaken, 'customSlug');
  return input.customSlug;
}
