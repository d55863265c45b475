import { useCallback, useEffect, useState } from 'react';
import { listMedia, type MediaItem } from '#shared/api/uploads.ts';
import { call } from '#app/lib/api-client.ts';

/** The media library, searched as the administrator types, a page at a time. */
export function useMedia(search: string) {
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [next, setNext] = useState<{ createdAt: string; id: string } | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (after: { createdAt: string; id: string } | null) => {
      try {
        const page = await call(listMedia, {
          query: { search: search || undefined, beforeCreatedAt: after?.createdAt, beforeId: after?.id },
        });
        setItems((current) => (after && current ? [...current, ...page.items] : page.items));
        setNext(page.next);
        setFailed(false);
      } catch {
        setFailed(true);
      }
    },
    [search],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(null), 250);
    return () => clearTimeout(timer);
  }, [load]);

  return { items, failed, more: next ? () => void load(next) : null, reload: () => void load(null) };
}
