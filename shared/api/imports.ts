import { z } from '#shared/schemas/zod.ts';
import { IMPORT_MESSAGES } from '#shared/messages.ts';
import { UPLOAD_URL } from '#shared/schemas/site-identity.ts';
import { endpoint, idParams } from './endpoint';

/**
 * Importing a WordPress or Ghost site (docs/product.md#import, docs/api.md#import): upload, analysis
 * without writes, the administrator's choices, a background job with its progress, the report, and Undo
 * for 7 days. Everything here needs `site.import` (Owners and Administrators) and a recent sign-in.
 */

export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
export const UNDO_DAYS = 7;
export const IMPORT_STATUSES = [
  'analysed',
  'queued',
  'running',
  'done',
  'failed',
  'undoing',
  'undone',
  'cancelled',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const CLASH_CHOICES = ['skip', 'replace', 'keep'] as const;

/** The job's phases in order (`phase` of an import), named once here for the job and the screen. */
export const IMPORT_PHASES = {
  people: 'people',
  terms: 'terms',
  images: 'images',
  content: 'content',
  addresses: 'redirects',
  audience: 'subscribers',
  done: 'done',
} as const;

/** The report's line (its `key` and `kind`) that counts the old addresses' redirects: `{ added, existing, refused }`. */
export const IMPORT_RULES_LINE = 'old-addresses';

/** The multipart fields of the upload: the export, and the ZIP of its images. */
export const IMPORT_FIELDS = { file: 'file', images: 'uploads' } as const;

const problem = z.object({ item: z.string(), message: z.string() });

/** What the analysis found: counts, the old site's authors and terms, and every problem with its item. */
export const importSummarySchema = z.object({
  kind: z.enum(['wordpress', 'ghost']),
  siteUrl: z.string(),
  siteTitle: z.string(),
  counts: z.object({
    posts: z.number(),
    pages: z.number(),
    comments: z.number(),
    subscribers: z.number(),
    attachments: z.number(),
    skipped: z.number(),
    authors: z.number(),
    categories: z.number(),
    tags: z.number(),
    images: z.number(),
  }),
  authors: z.array(z.object({ key: z.string(), name: z.string(), email: z.nullable(z.string()), posts: z.number() })),
  problems: z.array(problem),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** Where a source author's posts go: a person of the staff (by id), or a new byline-only author. */
const authorChoice = z.union([
  z.object({ key: z.string(), to: z.literal('byline') }),
  z.object({ key: z.string(), to: z.literal('person'), userId: z.string() }),
]);

export const importOptionsSchema = z.object({
  authors: z._default(z.array(authorChoice).check(z.maxLength(10_000)), []),
  /** What to do with a post or page whose address is taken here: leave ours, overwrite ours, or import it beside ours. */
  clash: z._default(z.enum(CLASH_CHOICES, { error: IMPORT_MESSAGES.badClash }), 'skip'),
  /** The administrator states the subscribers opted in elsewhere: imported confirmed, no e-mail sent. */
  subscribersOptedIn: z._default(z.boolean(), false),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;

/** A line of the report: one thing of the source and what became of it. */
export const importItemSchema = z.object({
  key: z.string(),
  kind: z.string(),
  label: z.string(),
  outcome: z.string(),
  detail: z.string(),
  /** Where it is now on this site, when it has an address. */
  path: z.nullable(z.string()),
});

export const importSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  phase: z.string(),
  done: z.number(),
  total: z.number(),
  error: z.nullable(z.string()),
  createdAt: z.string(),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  /** Until when "Undo this import" is offered (7 days after it finished); null when it cannot be undone. */
  undoUntil: z.nullable(z.string()),
  summary: importSummarySchema,
  /** Counts of the report by outcome (`created`, `existing`, `skipped`, `failed` …). */
  outcomes: z.record(z.string(), z.number()),
});
export type Import = z.infer<typeof importSchema>;

export const listImports = endpoint({
  method: 'GET',
  path: '/admin/imports',
  access: 'admin',
  allow: 'site.import',
  data: z.array(importSchema),
});

/**
 * Multipart: `file` (a WordPress export `.xml`, a Ghost export `.json` or `.zip`), then optionally
 * `uploads` (a ZIP of WordPress's `wp-content/uploads`), up to 512 MB in all. Answers the analysis;
 * nothing of the site is written.
 */
export const uploadImport = endpoint({
  method: 'POST',
  path: '/admin/imports',
  access: 'admin',
  allow: 'site.import',
  data: importSchema,
});

export const getImport = endpoint({
  method: 'GET',
  path: '/admin/imports/:id',
  access: 'admin',
  allow: 'site.import',
  params: idParams,
  data: importSchema,
});

/** The report's lines, a page at a time; `outcome` filters (e.g. `failed`). */
export const importItems = endpoint({
  method: 'GET',
  path: '/admin/imports/:id/items',
  access: 'admin',
  allow: 'site.import',
  params: idParams,
  query: z.object({
    outcome: z.optional(z.string().check(z.maxLength(16))),
    page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  }),
  data: z.array(importItemSchema),
  meta: z.object({ page: z.number(), total: z.number(), hasMore: z.boolean() }),
});

/** Starts the job with the administrator's choices (or a failed one again, where it stopped); 409 while another import runs. */
export const startImport = endpoint({
  method: 'POST',
  path: '/admin/imports/:id/start',
  access: 'admin',
  allow: 'site.import',
  params: idParams,
  body: importOptionsSchema,
  data: importSchema,
});

/** Removes exactly what the import made (within 7 days of its end). */
export const undoImport = endpoint({
  method: 'POST',
  path: '/admin/imports/:id/undo',
  access: 'admin',
  allow: 'site.import',
  params: idParams,
  data: importSchema,
});

/** The ledger key of an image of the old site (`image:<its old address>`): a report line's `key`. */
export const IMAGE_KEY_PREFIX = 'image:';

/**
 * A failed image uploaded by hand (through `uploadImage`, whose answer gives `url`): every post and page
 * this import made or replaced points at the upload instead of the old address, and the line becomes
 * `created` (Undo then removes the upload when nothing uses it). Answers the line. 404: no such import or
 * image; 409: the line is not a failed image (any more), or the import is not done or failed; 400: `url`
 * is not an image of the media library.
 */
export const replaceImportImage = endpoint({
  method: 'POST',
  path: '/admin/imports/:id/images',
  access: 'admin',
  allow: 'site.import',
  params: idParams,
  body: z.object({
    key: z
      .string()
      .check(z.maxLength(2100, IMPORT_MESSAGES.imageKey), z.startsWith(IMAGE_KEY_PREFIX, IMPORT_MESSAGES.imageKey)),
    url: z.string().check(z.maxLength(200, IMPORT_MESSAGES.imageUrl), z.regex(UPLOAD_URL, IMPORT_MESSAGES.imageUrl)),
  }),
  data: importItemSchema,
});

/** Discards an analysed import that was not started (its uploaded files go). */
export const discardImport = endpoint({
  method: 'DELETE',
  path: '/admin/imports/:id',
  access: 'admin',
  allow: 'site.import',
  params: idParams,
  data: z.object({ _id: z.string() }),
});
