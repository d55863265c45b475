import { InvalidInputError } from '#server/errors.ts';

/**
 * What every import source (a WordPress export, a Ghost export) is read into (docs/decisions/0038-import.md).
 * A reader turns its file into these plain records and nothing else: it writes nothing, reaches no network
 * and no database. The import job (server/modules/site-import/) maps them onto the site.
 *
 * Files are read twice, each time as a stream: `summary()` for the analysis screen (small: authors, terms,
 * images, counts, problems), then `docs()` item by item while the job writes. A 500 MB export is never held
 * in memory, and the job can resume at any item, since `docs()` yields the same items in the same order.
 */

export type SourceKind = 'wordpress' | 'ghost';

/** A person named as the author of posts in the source. `key`: the source's own id (WP login, Ghost id). */
export interface SourceAuthor {
  key: string;
  name: string;
  email: string | null;
  /** The segment of their old author archive (`/author/<slug>/`). */
  slug: string;
  bio: string;
  website: string;
  /** Absolute address of their picture on the old site, or null. */
  avatarUrl: string | null;
}

export interface SourceTerm {
  kind: 'category' | 'tag';
  /** The source's own id (WP nicename/term id, Ghost id); docs name terms by this key. */
  key: string;
  name: string;
  /** The old archive's segment (`/category/<slug>/`, `/tag/<slug>/`). */
  slug: string;
}

export type SourceDocStatus = 'published' | 'draft' | 'scheduled' | 'private';

/** A post or a page. Everything is as the source has it, converted to plain HTML but not yet sanitised. */
export interface SourceDoc {
  kind: 'post' | 'page';
  /** The source's own id (WP post id, Ghost id): stable across readings of the same file. */
  key: string;
  title: string;
  /** The old address's last segment, as the source stores it. */
  slug: string;
  /**
   * The body as HTML: WordPress's paragraphs restored, block comments removed, known shortcodes converted;
   * Ghost's `html`. Image addresses are absolute addresses on the old site (as found in `images`).
   */
  html: string;
  excerpt: string;
  status: SourceDocStatus;
  /** ISO 8601 UTC; null for a draft never published. */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Keys of `SourceSummary.authors`, first the main author. */
  authorKeys: string[];
  /** Keys of `SourceSummary.terms`. */
  categoryKeys: string[];
  tagKeys: string[];
  /** Absolute address of its featured image on the old site, or null. */
  featureImage: string | null;
  /** Every absolute image address its `html` and `featureImage` use, each once (the job fetches and rewrites them). */
  images: string[];
  metaTitle: string;
  metaDescription: string;
  /**
   * Every address this item answered at on the old site, as a path with its query and without the host:
   * its permalink (`/2024/05/02/hello/`, `/hello/`, `/about/team/`), `/?p=12` or `/?page_id=7`, the dated and
   * plain forms of the structures found in the file. The job makes a 301 from each to the new address.
   */
  oldPaths: string[];
  /** Problems with this item for the report: an unknown shortcode, a missing author … */
  problems: string[];
}

export interface SourceSubscriber {
  email: string;
  name: string;
  status: 'subscribed' | 'unsubscribed';
  createdAt: string | null;
}

/** An archive or feed address of the old site, and what it showed. */
export interface SourceArchive {
  /** A path with its query, without the host: `/category/news/`, `/tag/x/feed/`, `/author/ann/`, `/feed/`. */
  path: string;
  target: { kind: 'category' | 'tag' | 'author'; key: string } | { kind: 'blog' | 'feed' };
}

export interface SourceProblem {
  /** What it concerns, as a person would name it: `Post "Hello" (id 12)`, `File`, `Attachment 44`. */
  item: string;
  message: string;
}

export interface SourceSummary {
  kind: SourceKind;
  /** The old site's base address without a trailing slash (`https://old.example.com`); '' when unknown. */
  siteUrl: string;
  siteTitle: string;
  authors: SourceAuthor[];
  terms: SourceTerm[];
  /** Every distinct image address the items use (feature images and content), absolute. */
  images: string[];
  counts: {
    posts: number;
    pages: number;
    /** Comments are not imported; counted for the report. */
    comments: number;
    subscribers: number;
    /** WordPress attachments (media library items), Ghost: 0. */
    attachments: number;
    /** Items of kinds not imported (menus, custom post types …). */
    skipped: number;
  };
  archives: SourceArchive[];
  /** File-wide problems and every item's, in file order (capped by the reader at 1,000 with a last "… and N more"). */
  problems: SourceProblem[];
}

/** An uploaded ZIP opened safely (server/lib/safe-zip.ts): every name checked, every size bounded. */
export interface ZipArchive {
  /** Entry names (files only), as stored: forward slashes, no leading slash, never `..`. */
  names(): string[];
  /** The bytes of one entry, or null when there is none; refuses (throws ZipRefused) above `maxBytes`. */
  read(name: string, maxBytes: number): Promise<Buffer | null>;
  /** A stream of one entry (the export inside a Ghost ZIP), or null. */
  stream(name: string): Promise<NodeJS.ReadableStream | null>;
  close(): void;
}

export interface ImportSource {
  /** One pass over the file; throws SourceRefused with a message for a person when it is not a readable export. */
  summary(): Promise<SourceSummary>;
  /** The posts and pages in file order, the same on every call. */
  docs(): AsyncIterable<SourceDoc>;
  subscribers(): AsyncIterable<SourceSubscriber>;
  /** An image's bytes from the ZIP uploaded with the export (WP uploads ZIP, Ghost ZIP), or null to download it. */
  bundledImage(url: string, maxBytes: number): Promise<Buffer | null>;
  close(): Promise<void>;
}

/**
 * The file cannot be imported (not an export, malformed, an entity in its DTD, a ZIP with `../` …):
 * `message` (from shared/messages.ts IMPORT_MESSAGES) is shown as it is, a 400; nothing was written.
 */
export class SourceRefused extends InvalidInputError {}
