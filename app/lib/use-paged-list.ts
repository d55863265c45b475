import { useCallback, useEffect, useRef, useState } from 'react';
import type { CursorPageInfo } from '#shared/schemas/paging.ts';

type Page<T> = { data: T[]; meta: CursorPageInfo | undefined };

/**
 * A keyset-paged admin list (docs/api.md#paging): the first page, then `more()` appends the next one
 * ("Load more"), so a screen never fetches the whole table. `fetchPage(cursor)` asks the API for the page
 * after `cursor` ('' for the first); when it changes (a new search), the list starts again. `reload()`
 * reads the first page again (after an addition); `update` changes the loaded rows in place (a row marked
 * or removed), so pages already loaded stay. The first page may come from the route's loader.
 */
export function usePagedList<T>(fetchPage: (cursor: string) => Promise<Page<T>>, initial?: Page<T>) {
  const [items, setItems] = useState<T[] | null>(initial?.data ?? null);
  const [next, setNext] = useState<string | null>(initial?.meta?.next ?? null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Only the newest request may fill the list (a slow answer to an older search is dropped).
  const latest = useRef(0);
  const skipFirst = useRef(initial !== undefined);

  const load = useCallback(
    async (cursor: string, append: boolean) => {
      const ticket = ++latest.current;
      setLoading(true);
      try {
        const page = await fetchPage(cursor);
        if (ticket !== latest.current) return;
        setItems((current) => (append && current ? [...current, ...page.data] : page.data));
        setNext(page.meta?.next ?? null);
        setFailed(false);
      } catch {
        if (ticket === latest.current) setFailed(true);
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [fetchPage],
  );

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    void load('', false);
  }, [load]);

  return {
    items,
    loading,
    failed,
    more: next ? () => void load(next, true) : null,
    reload: () => load('', false),
    update: (change: (rows: T[]) => T[]) => setItems((current) => (current ? change(current) : current)),
  };
}
