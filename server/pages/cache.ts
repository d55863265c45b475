import { LRUCache } from 'lru-cache';
import { pageCacheKey } from './cache-key.ts';
import type { CachedPage } from './page.ts';

/**
 * Rendered public pages kept in memory per content version (docs/decisions/0003-page-cache.md,
 * 0011-shared-page-cache.md). How they are answered is in ./send.ts and ./early-answer.ts.
 */

const CACHE_ENTRIES = 500;

export function createPageCache(options: { onCacheResult?: (hit: boolean) => void } = {}) {
  // lru-cache marks a hit as recent without touching a Map: the delete-and-set a Map-based LRU does on every
  // hit made V8 shrink and rehash the table, 2 % of a cache hit's time (perf on `npm run bench`).
  const pages = new LRUCache<string, CachedPage>({ max: CACHE_ENTRIES });
  const rendering = new Map<string, Promise<CachedPage>>();

  return {
    get: (key: string) => pages.get(key),
    set: (key: string, page: CachedPage) => {
      pages.set(key, page);
    },
    onCacheResult: options.onCacheResult,

    /**
     * Renders a page once however many requests miss it at the same moment: they share the render of
     * the same address at the same content version (keyed by both, so a render for an older version is
     * never handed to a request that already knows a newer one).
     */
    renderOnce(key: string, version: number, render: () => Promise<CachedPage>): Promise<CachedPage> {
      const id = `${version}\n${key}`;
      let pending = rendering.get(id);
      if (!pending) {
        pending = render().finally(() => rendering.delete(id));
        rendering.set(id, pending);
      }
      return pending;
    },

    /** The hit at the current version, when the version is known without waiting (see ContentVersion.peek). */
    freshHit(url: string, version: number | undefined): CachedPage | undefined {
      if (version === undefined) return undefined;
      // The address as sent is its own key unless it carries ignored parameters.
      let page = pages.get(url);
      if (!page && url.includes('?')) page = pages.get(pageCacheKey(url));
      return page?.version === version && page.wire ? page : undefined;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
