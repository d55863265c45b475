import { z } from '#shared/schemas/zod.ts';
import { endpoint } from './endpoint';

/**
 * Settings → Export (docs/product.md#export, docs/api.md#export, docs/decisions/0039-export.md): the whole
 * site as one ZIP, and its posts and pages as a WordPress file. Owners and Administrators (`site.export`);
 * both downloads need a recent sign-in and are written to the activity log.
 */

/** What a site export would hold now: the screen's summary. */
export const exportSummarySchema = z.object({
  posts: z.number(),
  pages: z.number(),
  categories: z.number(),
  tags: z.number(),
  authors: z.number(),
  redirects: z.number(),
  subscribers: z.number(),
  messages: z.number(),
  /** Original uploads (their WebP variants are made again on import, so they are not counted). */
  uploads: z.number(),
  uploadBytes: z.number(),
});
export type ExportSummary = z.infer<typeof exportSummarySchema>;

export const exportSummary = endpoint({
  method: 'GET',
  path: '/admin/export/summary',
  access: 'admin',
  allow: 'site.export',
  data: exportSummarySchema,
});

/**
 * The site as a ZIP (`site-export`, version 1): manifest.json with counts and SHA-256 checksums, content
 * as JSON, every original upload, subscribers and messages as CSV. Streamed as it is read.
 */
export const exportSite = endpoint({
  method: 'GET',
  path: '/admin/export/site',
  access: 'admin',
  allow: 'site.export',
  data: z.string(),
  file: { contentType: 'application/zip' },
});

/** Posts and pages as WXR 1.2 (a WordPress export file), with their authors, categories, tags and feature images. */
export const exportWxr = endpoint({
  method: 'GET',
  path: '/admin/export/wxr',
  access: 'admin',
  allow: 'site.export',
  data: z.string(),
  file: { contentType: 'application/rss+xml; charset=utf-8' },
});
