import type { Role } from './roles';

/**
 * The site export's format (docs/product.md#export, docs/decisions/0039-export.md): what each file of the
 * ZIP holds. The export writes it (server/modules/site-export/) and an import reads it back; a change that
 * an older reader could not read raises SITE_EXPORT_VERSION.
 */
export const SITE_EXPORT_FORMAT = 'site-export';
export const SITE_EXPORT_VERSION = 1;

/** The files of the archive, at its root but for the uploads (`uploads/<name>`). */
export const EXPORT_FILES = {
  manifest: 'manifest.json',
  sections: 'content/sections.json',
  layout: 'content/layout.json',
  posts: 'posts.json',
  pages: 'pages.json',
  categories: 'categories.json',
  tags: 'tags.json',
  authors: 'authors.json',
  redirects: 'redirects.json',
  settings: 'settings.json',
  media: 'media.json',
  subscribers: 'subscribers.csv',
  messages: 'messages.csv',
} as const;
export const EXPORT_UPLOADS_DIR = 'uploads/';

export interface ExportManifest {
  format: typeof SITE_EXPORT_FORMAT;
  version: number;
  createdAt: string;
  app: { version: string; migration: string | null; database: 'sqlite' | 'postgres' };
  /** The site's public address when it was exported: the base of absolute addresses in content. */
  publicUrl: string;
  /** Items per file: rows of a JSON list or a CSV (header not counted), 1 for an object, the bytes of an upload. */
  counts: Record<string, number>;
  /** SHA-256 (hex) of every other file of the archive, by its path. */
  checksums: Record<string, string>;
}

/** A post as posts.json holds it: every stored field; trashed posts are left out. */
export interface ExportedPost {
  id: string;
  title: string;
  excerpt: string;
  content: string;
  featureImage: string;
  categoryId: string | null;
  slug: string;
  customSlug: string;
  metaTitle: string;
  metaDescription: string;
  socialImage: string;
  status: 'draft' | 'scheduled' | 'published' | 'pending';
  publishAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Whether publishing (when scheduled) e-mails the subscribers. */
  newsletter: boolean;
  /** The reviewer's last note while it has one. */
  review: { note: string; by: string; at: string } | null;
  /** Byline order. */
  authorIds: string[];
  /** The editor's order. */
  tagIds: string[];
  /** Its address on the site, e.g. `/blogs/news/hello`. */
  url: string;
}

export interface ExportedPage {
  id: string;
  title: string;
  segment: string;
  /** shared/page-blocks.ts PageBlock[]. */
  blocks: unknown[];
  status: 'draft' | 'scheduled' | 'published';
  publishAt: string | null;
  publishedAt: string | null;
  metaTitle: string;
  metaDescription: string;
  socialImage: string;
  createdAt: string;
  updatedAt: string;
}

export interface ExportedCategory {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
}

export interface ExportedTag {
  id: string;
  name: string;
  slug: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  createdAt: string;
  updatedAt: string;
}

/** A person of the team: who they are in public, and the e-mail that maps them back. Never a secret. */
export interface ExportedAuthor {
  id: string;
  email: string;
  name: string;
  segment: string;
  bio: string;
  website: string;
  avatar: string;
  role: Role;
  status: 'active' | 'suspended';
  createdAt: string;
}

export interface ExportedRedirect {
  id: string;
  from: string;
  to: string;
  status: number;
  createdAt: string;
  updatedAt: string;
}

export interface ExportedMedia {
  id: string;
  url: string;
  name: string;
  alt: string;
  width: number;
  height: number;
  mimeType: string;
  bytes: number;
  createdAt: string;
}

export const SUBSCRIBER_COLUMNS = [
  'email',
  'status',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
  'consent_source',
  'source_post_id',
] as const;

export const MESSAGE_COLUMNS = ['name', 'email', 'message', 'created_at', 'read', 'read_by'] as const;
