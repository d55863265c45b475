import { GHOST_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type { SourceArchive, SourceAuthor, SourceTerm } from '#server/modules/site-import/source.ts';
import { absolute, UNKNOWN_SITE } from './addresses';
import type { GhostExport, GhostLink } from './export-types';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const key = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Links (posts_authors, posts_tags) of each post, in their sort order. */
function linksByPost(links: GhostLink[] | undefined, field: 'author_id' | 'tag_id'): Map<string, string[]> {
  const byPost = new Map<string, { id: string; order: number; seq: number }[]>();
  (links ?? []).forEach((link, seq) => {
    const post = key(link.post_id);
    const id = key(link[field]);
    if (!post || !id) return;
    const list = byPost.get(post) ?? [];
    list.push({ id, order: typeof link.sort_order === 'number' ? link.sort_order : 0, seq });
    byPost.set(post, list);
  });
  return new Map(
    [...byPost].map(([post, list]) => [post, list.sort((a, b) => a.order - b.order || a.seq - b.seq).map((l) => l.id)]),
  );
}

/** What every document of the export is read against: the site, its people, its tags and the links. */
export interface GhostSite {
  /** The old site's address without a trailing slash, '' when unknown. */
  siteUrl: string;
  /** The base for relative addresses: the site's, or UNKNOWN_SITE. */
  base: string;
  siteTitle: string;
  authors: SourceAuthor[];
  terms: SourceTerm[];
  /** Ids of tags left out (internal tags, `#name`): a post's links to them are dropped silently. */
  internalTags: Set<string>;
  authorsOf: Map<string, string[]>;
  tagsOf: Map<string, string[]>;
  meta: Map<string, { title: string; description: string }>;
  archives: SourceArchive[];
  fileProblems: string[];
}

function settingsOf(ghost: GhostExport): Map<string, string> {
  const settings = new Map<string, string>();
  for (const setting of ghost.data.settings ?? []) {
    if (setting.key && typeof setting.value === 'string') settings.set(setting.key, setting.value);
  }
  return settings;
}

function siteAddress(given: string | undefined, settings: Map<string, string>): string {
  for (const candidate of [given, settings.get('url')]) {
    const url = absolute(candidate, UNKNOWN_SITE);
    if (url && candidate && /^https?:\/\//i.test(candidate.trim())) return url.replace(/\/+$/, '');
  }
  return '';
}

export function readSite(ghost: GhostExport, givenUrl: string | undefined): GhostSite {
  const settings = settingsOf(ghost);
  const siteUrl = siteAddress(givenUrl, settings);
  const base = siteUrl || UNKNOWN_SITE;
  const fileProblems: string[] = [];
  if (!siteUrl) fileProblems.push(M.noSiteUrl);

  const authors: SourceAuthor[] = (ghost.data.users ?? [])
    .filter((user) => key(user.id))
    .map((user) => ({
      key: key(user.id),
      name: text(user.name) || text(user.slug) || key(user.id),
      email: text(user.email) || null,
      slug: text(user.slug) || key(user.id),
      bio: text(user.bio),
      website: text(user.website),
      avatarUrl: absolute(user.profile_image, base),
    }));

  const internalTags = new Set<string>();
  const terms: SourceTerm[] = [];
  for (const tag of ghost.data.tags ?? []) {
    const id = key(tag.id);
    if (!id) continue;
    // Internal tags (#name) only steer a Ghost theme: they have no public archive.
    if (text(tag.name).startsWith('#') || tag.visibility === 'internal') internalTags.add(id);
    else terms.push({ kind: 'tag', key: id, name: text(tag.name) || text(tag.slug), slug: text(tag.slug) || id });
  }
  if (internalTags.size > 0) fileProblems.push(M.internalTags(internalTags.size));

  const meta = new Map<string, { title: string; description: string }>();
  for (const row of ghost.data.posts_meta ?? []) {
    meta.set(key(row.post_id), { title: text(row.meta_title), description: text(row.meta_description) });
  }

  // Ghost's default routes (routes.yaml): /tag/x/, /author/x/ and their feeds, and the site's feed.
  const archives: SourceArchive[] = [
    { path: '/rss/', target: { kind: 'feed' } },
    ...terms.flatMap((term): SourceArchive[] => [
      { path: `/tag/${term.slug}/`, target: { kind: 'tag', key: term.key } },
      { path: `/tag/${term.slug}/rss/`, target: { kind: 'tag', key: term.key } },
    ]),
    ...authors.flatMap((author): SourceArchive[] => [
      { path: `/author/${author.slug}/`, target: { kind: 'author', key: author.key } },
      { path: `/author/${author.slug}/rss/`, target: { kind: 'author', key: author.key } },
    ]),
  ];

  return {
    siteUrl,
    base,
    siteTitle: settings.get('title') ?? '',
    authors,
    terms,
    internalTags,
    authorsOf: linksByPost(ghost.data.posts_authors, 'author_id'),
    tagsOf: linksByPost(ghost.data.posts_tags, 'tag_id'),
    meta,
    archives,
    fileProblems,
  };
}
