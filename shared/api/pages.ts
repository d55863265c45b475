import { z } from '#shared/schemas/zod.ts';
import { PAGE_MESSAGES, PUBLISHING_MESSAGES } from '#shared/messages.ts';
import { pageBlocksSchema } from '#shared/page-blocks.ts';
import { MAX_SEGMENT } from '#shared/page-segments.ts';
import { baseVersionField } from '#shared/schemas/fields.ts';
import { endpoint, idParams } from './endpoint';

/**
 * Pages at /{segment} built from typed blocks (docs/product.md#pages, docs/api.md#pages). Everything here
 * needs `pages` (Owners, Administrators, Editors). The segment's rules (form, reserved addresses, taken,
 * redirected) are the server's; shared/page-segments.ts holds the form and the reserved list.
 */
export const PAGE_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const STARTER_PAGES = ['imprint', 'careers', 'privacy', 'terms'] as const;
export type StarterPage = (typeof STARTER_PAGES)[number];

const pageFields = {
  _id: z.string(),
  title: z.string(),
  segment: z.string(),
  /** `/{segment}`. */
  path: z.string(),
  status: z.enum(PAGE_STATUSES),
  publishAt: z.nullable(z.string()),
  publishedAt: z.nullable(z.string()),
  /** In the trash since then; null outside it. */
  deletedAt: z.nullable(z.string()),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const pageSummarySchema = z.object(pageFields);
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const pageSchema = z.object({
  ...pageFields,
  blocks: pageBlocksSchema,
  metaTitle: z.string(),
  metaDescription: z.string(),
  socialImage: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

const text = (max: number, message: string) => z._default(z.string().check(z.trim(), z.maxLength(max, message)), '');

export const pageInputSchema = z.object({
  title: z
    .string({ error: PAGE_MESSAGES.titleRequired })
    .check(z.trim(), z.minLength(1, PAGE_MESSAGES.titleRequired), z.maxLength(200, PAGE_MESSAGES.titleRequired)),
  segment: z
    .string({ error: PAGE_MESSAGES.segmentRequired })
    .check(z.trim(), z.maxLength(MAX_SEGMENT, PAGE_MESSAGES.segmentInvalid)),
  blocks: pageBlocksSchema,
  metaTitle: text(200, PAGE_MESSAGES.metaTitleTooLong),
  metaDescription: text(500, PAGE_MESSAGES.metaDescriptionTooLong),
  socialImage: text(2_000, PAGE_MESSAGES.socialImageInvalid),
  /** The version the editor opened; a newer one stored answers 409 (docs/product.md#edit-conflicts). */
  baseVersion: baseVersionField,
});
export type PageInput = z.input<typeof pageInputSchema>;

export const publishingSchema = z.object({
  status: z.enum(PAGE_STATUSES, { error: PUBLISHING_MESSAGES.badStatus }),
  /** A scheduled page's time (ISO 8601 with a zone), in the future. */
  publishAt: z.nullish(z.iso.datetime({ offset: true, error: PUBLISHING_MESSAGES.badPublishAt })),
});

/** Pages by last change, newest first; `trash=1`: the pages in the trash instead. */
export const listPages = endpoint({
  method: 'GET',
  path: '/admin/pages',
  access: 'admin',
  allow: 'pages',
  query: z.object({ trash: z.optional(z.enum(['0', '1'])) }),
  data: z.array(pageSummarySchema),
});

export const getPage = endpoint({
  method: 'GET',
  path: '/admin/pages/:id',
  access: 'admin',
  allow: 'pages',
  params: idParams,
  data: pageSchema,
});

/** A new page, as a draft. */
export const createPage = endpoint({
  method: 'POST',
  path: '/admin/pages',
  access: 'admin',
  allow: 'pages',
  body: pageInputSchema,
  data: pageSchema,
});

/** Saves a page; a published page given a new segment leaves a 301 at its old address. */
export const updatePage = endpoint({
  method: 'POST',
  path: '/admin/pages/:id',
  access: 'admin',
  allow: 'pages',
  params: idParams,
  body: pageInputSchema,
  data: pageSchema,
});

/** Publishes, schedules or takes back a page to draft. */
export const setPageStatus = endpoint({
  method: 'POST',
  path: '/admin/pages/:id/status',
  access: 'admin',
  allow: 'pages',
  params: idParams,
  body: publishingSchema,
  data: pageSchema,
});

/** Moves a page to the trash: it leaves the site at once and frees its address. */
export const deletePage = endpoint({
  method: 'DELETE',
  path: '/admin/pages/:id',
  access: 'admin',
  allow: 'pages',
  params: idParams,
  data: z.object({ _id: z.string() }),
});

/** Brings a page back from the trash, as a draft (409 when its address was taken meanwhile). */
export const restorePage = endpoint({
  method: 'POST',
  path: '/admin/pages/:id/restore',
  access: 'admin',
  allow: 'pages',
  params: idParams,
  data: pageSchema,
});

/** The page's private preview link (`/preview/page/<token>`), made on first use. */
export const pagePreviewLink = endpoint({
  method: 'POST',
  path: '/admin/pages/:id/preview-link',
  access: 'admin',
  allow: 'pages',
  params: idParams,
  data: z.object({ url: z.string() }),
});

/** One of the starter pages (Imprint, Careers, Privacy policy, Terms) as a draft at its usual address. */
export const createStarterPage = endpoint({
  method: 'POST',
  path: '/admin/pages/starter',
  access: 'admin',
  allow: 'pages',
  body: z.object({ kind: z.enum(STARTER_PAGES) }),
  data: z.object({ page: pageSchema, message: z.string() }),
});
