import { useEffect, useState } from 'react';
import { listCategories } from '#shared/api/blog.ts';
import { listAuthors } from '#shared/api/profile.ts';
import { listTags } from '#shared/api/tags.ts';
import { useCan } from '#app/features/admin/account.ts';
import { call } from '#app/lib/api-client.ts';

export type SourceKind = 'category' | 'tag' | 'author';
export type SourceOption = { value: string; label: string };

/**
 * The categories, tags and authors a list-of-posts block can show, from the admin's existing lists
 * (categories are public; tags need `categories` and authors `posts.all`, which page editors have:
 * shared/roles.ts). A list the person may not read is not asked for, and its kind is not offered.
 * Loaded once per editor, when its first posts block shows.
 */
export function usePostSources(): Partial<Record<SourceKind, SourceOption[]>> {
  const mayTags = useCan('categories');
  const mayAuthors = useCan('posts.all');
  const [sources, setSources] = useState<Partial<Record<SourceKind, SourceOption[]>>>({});
  useEffect(() => {
    let live = true;
    const load = (kind: SourceKind, read: () => Promise<SourceOption[]>) =>
      read()
        .then((options) => live && setSources((current) => ({ ...current, [kind]: options })))
        .catch(() => undefined);
    void load('category', () =>
      call(listCategories).then((list) => list.map((c) => ({ value: c._id, label: c.name }))),
    );
    if (mayTags)
      void load('tag', () => call(listTags).then((list) => list.map((t) => ({ value: t._id, label: t.name }))));
    if (mayAuthors)
      void load('author', () => call(listAuthors).then((list) => list.map((a) => ({ value: a._id, label: a.name }))));
    return () => {
      live = false;
    };
  }, [mayTags, mayAuthors]);
  return sources;
}
