import { GHOST_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type { SourceDoc, SourceDocStatus } from '#server/modules/site-import/source.ts';
import { absolute, absoluteHtml } from './addresses';
import { isoDate } from './dates';
import type { GhostPost } from './export-types';
import type { GhostSite } from './site';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const STATUSES: Record<string, SourceDocStatus> = { published: 'published', draft: 'draft', scheduled: 'scheduled' };

export function kindOf(post: GhostPost): 'post' | 'page' {
  // `type` since Ghost 3; `page: true` (or 1) before.
  return post.type === 'page' || (post.type == null && Boolean(post.page)) ? 'page' : 'post';
}

/** One Ghost post or page as the contract's document; `exportedOn` dates rows that have no date at all. */
export function mapPost(post: GhostPost, site: GhostSite, exportedOn: string): SourceDoc {
  const key = String(post.id ?? post.uuid ?? '');
  const kind = kindOf(post);
  const problems: string[] = [];

  let html = text(post.html);
  if (!html.trim() && (text(post.mobiledoc) || text(post.lexical))) {
    // Ghost's editor formats are not rendered here: Ghost writes `html` whenever a post is saved.
    problems.push(M.noHtml);
  }
  const content = absoluteHtml(html, site.base);
  html = content.html;
  const featureImage = absolute(post.feature_image, site.base);
  const images = [...new Set([...(featureImage ? [featureImage] : []), ...content.images])];

  const rawStatus = text(post.status) || 'draft';
  const known = Object.hasOwn(STATUSES, rawStatus);
  const status = known ? STATUSES[rawStatus]! : 'draft';
  // `sent`: a Ghost 5 newsletter that was never on the web.
  if (!known) problems.push(M.unknownStatus(rawStatus));
  const visibility = text(post.visibility) || 'public';
  if (visibility !== 'public') problems.push(M.membersOnly(visibility));

  const linked = site.authorsOf.get(key) ?? (post.author_id != null ? [String(post.author_id)] : []);
  const people = new Set(site.authors.map((author) => author.key));
  const authorKeys = linked.filter((id) => people.has(id));
  for (const id of linked) if (!people.has(id)) problems.push(M.unknownAuthor(id));
  if (linked.length === 0) problems.push(M.noAuthor);

  const terms = new Set(site.terms.map((term) => term.key));
  const tagKeys = (site.tagsOf.get(key) ?? []).filter((id) => terms.has(id));

  const meta = site.meta.get(key);
  const publishedAt = isoDate(post.published_at);
  const createdAt = isoDate(post.created_at) ?? publishedAt ?? exportedOn;
  const slug = text(post.slug) || key;

  return {
    kind,
    key,
    title: text(post.title),
    slug,
    html,
    excerpt: text(post.custom_excerpt),
    status,
    publishedAt: status === 'draft' && !publishedAt ? null : publishedAt,
    createdAt,
    updatedAt: isoDate(post.updated_at) ?? createdAt,
    authorKeys,
    categoryKeys: [],
    tagKeys,
    featureImage,
    images,
    metaTitle: meta?.title || text(post.meta_title),
    metaDescription: meta?.description || text(post.meta_description),
    // Ghost's default permalink is /{slug}/ for posts and pages alike; /p/{uuid}/ previews were never public.
    oldPaths: [`/${slug}/`],
    problems,
  };
}
