import type { SourceArchive } from '#server/modules/site-import/source.ts';
import { permalinkDate } from './dates';
import { encodeSlug } from './text';

/**
 * The addresses the old site answered at, as paths with their query (docs/decisions/0038-import.md): the
 * job redirects each to the new address. An export holds one permalink structure (the item's `<link>`),
 * but sites change theirs over the years and old links stay out there, so the usual WordPress structures
 * are all given for a published post, and WordPress's own fallbacks (`/?p=12`) for every item.
 */

/** A link's path with its query, or null when it is no address. */
export function pathOf(link: string): string | null {
  try {
    const url = new URL(link.trim());
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

export interface DocPathInput {
  kind: 'post' | 'page';
  id: string;
  slug: string;
  published: boolean;
  /** The local `wp:post_date`, which dated permalinks use. */
  date: string;
  link: string;
  /** Slugs of the page's parents, the top one first. */
  ancestors: string[];
}

export function docOldPaths(input: DocPathInput, homePath: string): string[] {
  const paths = new Set<string>();
  const own = pathOf(input.link);
  if (own) paths.add(own);
  const slug = encodeSlug(input.slug);
  if (input.kind === 'page') {
    paths.add(`${homePath}/?page_id=${input.id}`);
    if (slug && input.published) paths.add(`${homePath}/${[...input.ancestors.map(encodeSlug), slug].join('/')}/`);
    return [...paths];
  }
  paths.add(`${homePath}/?p=${input.id}`);
  if (input.published) {
    const date = permalinkDate(input.date);
    if (date && slug) {
      paths.add(`${homePath}/${date.year}/${date.month}/${date.day}/${slug}/`);
      paths.add(`${homePath}/${date.year}/${date.month}/${slug}/`);
    }
    paths.add(`${homePath}/archives/${input.id}`);
    if (slug) paths.add(`${homePath}/${slug}/`);
  }
  return [...paths];
}

export interface ArchiveTerm {
  kind: 'category' | 'tag';
  key: string;
  id: string;
  slug: string;
  parent: string;
}

export interface ArchiveAuthor {
  key: string;
  id: string;
  slug: string;
}

/** Category, tag and author archives with their feeds, the site's feeds, and the `?cat=`-style forms. */
export function archivePaths(terms: ArchiveTerm[], authors: ArchiveAuthor[], homePath: string): SourceArchive[] {
  const archives: SourceArchive[] = [];
  const seen = new Set<string>();
  const add = (path: string, target: SourceArchive['target']) => {
    if (seen.has(path)) return;
    seen.add(path);
    archives.push({ path: homePath + path, target });
  };
  const categories = new Map(terms.filter((term) => term.kind === 'category').map((term) => [term.slug, term]));
  /** WordPress's category archive names the parents too: `/category/tutorials/guides/`. */
  const categoryPath = (term: ArchiveTerm) => {
    const slugs = [encodeSlug(term.slug)];
    const visited = new Set([term.slug]);
    for (
      let parent = categories.get(term.parent);
      parent && !visited.has(parent.slug);
      parent = categories.get(parent.parent)
    ) {
      visited.add(parent.slug);
      slugs.unshift(encodeSlug(parent.slug));
    }
    return slugs.join('/');
  };
  for (const term of terms) {
    const target = { kind: term.kind, key: term.key } as const;
    const slug = encodeSlug(term.slug);
    if (!slug) continue;
    const base = term.kind === 'category' ? `/category/${categoryPath(term)}` : `/tag/${slug}`;
    add(`${base}/`, target);
    add(`${base}/feed/`, { kind: 'feed' });
    if (term.kind === 'category') {
      add(`/category/${slug}/`, target);
      if (term.id) add(`/?cat=${term.id}`, target);
    } else add(`/?tag=${slug}`, target);
  }
  for (const author of authors) {
    const target = { kind: 'author', key: author.key } as const;
    if (author.slug) {
      add(`/author/${author.slug}/`, target);
      add(`/author/${author.slug}/feed/`, { kind: 'feed' });
    }
    if (author.id) add(`/?author=${author.id}`, target);
  }
  add('/feed/', { kind: 'feed' });
  add('/comments/feed/', { kind: 'feed' });
  add('/?feed=rss2', { kind: 'feed' });
  return archives;
}
