import { WORDPRESS_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type { SourceDoc, SourceDocStatus } from '#server/modules/site-import/source.ts';
import type { AttachmentLookup } from './attachments';
import { convertContent } from './content';
import { gmtOrLocal } from './dates';
import { docOldPaths } from './old-paths';
import { plainText } from './text';
import type { RawItem } from './wxr-records';

/**
 * One `<item>` of the export as a SourceDoc (server/modules/site-import/source.ts). Posts and pages only:
 * attachments, menus, revisions, custom types and items in the trash are not imported (./scan.ts counts them).
 */

const STATUSES: Record<string, SourceDocStatus> = {
  publish: 'published',
  draft: 'draft',
  pending: 'draft',
  future: 'scheduled',
  private: 'private',
};

/** What an item becomes: a post, a page, an attachment of the media library, or nothing. */
export function classify(item: RawItem): 'post' | 'page' | 'attachment' | 'skip' {
  if (item.type === 'attachment') return 'attachment';
  if ((item.type === 'post' || item.type === 'page') && item.status in STATUSES) return item.type;
  return 'skip';
}

/** What the mapping needs of the whole file (./scan.ts gathers it). */
export interface DocContext {
  siteTitle: string;
  /** Base for relative image addresses (`wp:base_site_url`, where `wp-content` is). */
  mediaBase: string;
  /** The path of the site's home (`/blog` for a site at example.com/blog), '' at the root. */
  homePath: string;
  lookup: AttachmentLookup;
  /** Whether the export lists this author login among its `<wp:author>`s. */
  declaredAuthor(login: string): boolean;
  /** Slugs of the parents of a page, the top one first. */
  ancestors(pageId: string): string[];
}

export interface MappedDoc {
  doc: SourceDoc;
  label: string;
  /** Attachments the item names, to report those missing (at the end of the first pass, ./scan.ts). */
  galleryIds: string[];
  featureId: string | null;
}

/** Yoast's `%%title%% %%sep%% %%sitename%%` with the values it stood for; unknown variables dropped. */
function yoast(template: string, values: Record<string, string>): string {
  return template
    .replace(/%%([a-z_]+)%%/gi, (_whole, name: string) => values[name.toLowerCase()] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

export const itemLabel = (kind: 'post' | 'page', item: RawItem) =>
  (kind === 'post' ? M.postItem : M.pageItem)(plainText(item.title) || M.untitled, item.id);

export function mapItem(item: RawItem, kind: 'post' | 'page', context: DocContext): MappedDoc {
  const status = STATUSES[item.status]!;
  const problems: string[] = [];
  const title = plainText(item.title);
  const excerpt = item.excerpt.trim();

  if (!item.creator) problems.push(M.noAuthor);
  else if (!context.declaredAuthor(item.creator)) problems.push(M.unknownAuthor(item.creator));
  if (item.password) problems.push(M.passwordProtected);

  const content = convertContent(item.content, item.id, context.mediaBase, context.lookup);
  problems.push(...content.problems);

  const featureId = item.meta.get('_thumbnail_id')?.trim() || null;
  const featureImage = (featureId && context.lookup.byId(featureId)?.url) || null;
  const images = [...new Set([...(featureImage ? [featureImage] : []), ...content.images])];

  const created = gmtOrLocal(item.dateGmt, item.date);
  const updated = gmtOrLocal(item.modifiedGmt, item.modified);
  const createdAt = created ?? updated ?? new Date(0).toISOString();
  const seo = { title, sitename: context.siteTitle, sep: '-', excerpt, page: '' };

  const doc: SourceDoc = {
    kind,
    key: item.id,
    title,
    slug: item.slug,
    html: content.html,
    excerpt,
    status,
    publishedAt: status === 'draft' ? null : created,
    createdAt,
    updatedAt: updated ?? createdAt,
    authorKeys: item.creator ? [item.creator] : [],
    categoryKeys: item.terms.filter((term) => term.domain === 'category' && term.slug).map((term) => term.slug),
    tagKeys: item.terms.filter((term) => term.domain === 'post_tag' && term.slug).map((term) => term.slug),
    featureImage,
    images,
    metaTitle: yoast(item.meta.get('_yoast_wpseo_title') ?? '', seo),
    metaDescription: yoast(item.meta.get('_yoast_wpseo_metadesc') ?? '', seo),
    oldPaths: docOldPaths(
      {
        kind,
        id: item.id,
        slug: item.slug,
        published: status === 'published',
        date: item.date,
        link: item.link,
        ancestors: kind === 'page' ? context.ancestors(item.parent) : [],
      },
      context.homePath,
    ),
    problems,
  };
  return { doc, label: itemLabel(kind, item), galleryIds: content.galleryIds, featureId };
}

/** The problems of attachments named but not in the export, in the order the reader reports them. */
export function attachmentProblems(
  mapped: Pick<MappedDoc, 'galleryIds' | 'featureId'>,
  lookup: AttachmentLookup,
): string[] {
  return [
    ...[...new Set(mapped.galleryIds)].filter((id) => !lookup.byId(id)).map(M.galleryImageMissing),
    ...(mapped.featureId && !lookup.byId(mapped.featureId) ? [M.featureImageMissing(mapped.featureId)] : []),
  ];
}
