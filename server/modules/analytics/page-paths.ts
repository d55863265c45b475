import { LRUCache } from 'lru-cache';
import { isSafeText } from '#shared/text-safety.ts';

/** What a public address is, for counting: a post (its id), another page, or nothing the site has. */
export type PageOf = { postId: string | null } | null;

/** How the site's own modules answer "is there a public page here" (wired in server/services.ts). */
export interface PageLookups {
  /** A published post at /blogs/{category}/{slug}: its id (an old address that moved is no page). */
  post(category: string, slug: string): Promise<string | null>;
  category(segment: string): Promise<boolean>;
  tag(segment: string): Promise<boolean>;
  author(segment: string): Promise<boolean>;
  /** A published page at /{segment}. */
  page(segment: string): Promise<boolean>;
}

/** Fixed public routes (app/routes.ts); the rest are looked up. */
const FIXED = new Set(['/', '/about-us', '/blogs', '/search']);
const MAX_SEGMENT = 1000;

function segmentsOf(path: string): string[] | null {
  try {
    const parts = path.split('/').slice(1).map(decodeURIComponent);
    // A NUL or a lone surrogate is in no address, and PostgreSQL could not even compare it.
    return parts.every((p) => p.length > 0 && p.length <= MAX_SEGMENT && isSafeText(p)) ? parts : null;
  } catch {
    return null;
  }
}

/**
 * The public page at a path, remembered per content version (every publish, rename or delete moves it, on
 * every process): an event for an address the site does not have is not counted, and the lookups run once
 * per address and version, not once per event.
 */
export function createPagePaths(lookups: PageLookups) {
  const known = new LRUCache<string, { page: PageOf }>({ max: 20_000 });
  let version: number | undefined;

  async function lookUp(path: string): Promise<PageOf> {
    if (FIXED.has(path)) return { postId: null };
    const parts = segmentsOf(path);
    if (!parts) return null;
    const [first, second, third] = parts;
    if (parts.length === 3 && first === 'blogs') {
      const postId = await lookups.post(second!, third!);
      return postId ? { postId } : null;
    }
    if (parts.length !== 2 && parts.length !== 1) return null;
    if (parts.length === 1) return (await lookups.page(first!)) ? { postId: null } : null;
    if (first === 'blogs') return (await lookups.category(second!)) ? { postId: null } : null;
    if (first === 'tags') return (await lookups.tag(second!)) ? { postId: null } : null;
    if (first === 'authors') return (await lookups.author(second!)) ? { postId: null } : null;
    return null;
  }

  return {
    /** The page at `path` (no query, no trailing slash) as of content version `at`. */
    async pageAt(path: string, at: number): Promise<PageOf> {
      if (at !== version) {
        known.clear();
        version = at;
      }
      const hit = known.get(path);
      if (hit) return hit.page;
      const page = await lookUp(path);
      if (version === at) known.set(path, { page });
      return page;
    },
  };
}
