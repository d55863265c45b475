import { z } from '#shared/schemas/zod.ts';
import { REDIRECT_MESSAGES, VALIDATION_MESSAGES } from '#shared/messages.ts';
import { pageSizeParam } from '#shared/schemas/paging.ts';
import { endpoint, idParams } from './endpoint';

/**
 * Settings → Redirects (docs/product.md#redirects, docs/api.md#redirects): rules answered before routing
 * (301, 302 or 410; exact `/old` or prefix `/old/*` → `/new/*`), their CSV import and export, and the log of
 * public addresses that answered 404. Everything here needs `redirects` (Owners, Administrators, Editors).
 */
export const REDIRECT_PAGE_SIZE = 50;

export const redirectSchema = z.object({
  _id: z.string(),
  from: z.string(),
  /** Empty for a 410. */
  to: z.string(),
  status: z.number(),
  kind: z.enum(['exact', 'prefix']),
  /** Made by the site (a renamed post, category, tag or author): shown read-only, never edited here. */
  automatic: z.boolean(),
  /** **Extension:** made by an import of another site (docs/product.md#import); removed by its Undo. */
  imported: z.boolean(),
  /** Null for an automatic redirect (answered by its page's loader, not counted). */
  hits: z.nullable(z.number()),
  lastHitAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Redirect = z.infer<typeof redirectSchema>;

const numberedPage = z.object({ page: z.number(), limit: z.number(), total: z.number(), hasMore: z.boolean() });

const listQuery = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, VALIDATION_MESSAGES.searchTooLong))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000))),
  limit: z.optional(pageSizeParam(200)),
});

const address = (required: string) => z.string(required).check(z.maxLength(1000, REDIRECT_MESSAGES.fromInvalid));

export const redirectInputSchema = z.object({
  from: address(REDIRECT_MESSAGES.fromRequired),
  to: z._default(z.string(REDIRECT_MESSAGES.toInvalid).check(z.maxLength(1000, REDIRECT_MESSAGES.toInvalid)), ''),
  status: z.number(REDIRECT_MESSAGES.statusInvalid).check(z.int(REDIRECT_MESSAGES.statusInvalid)),
});
export type RedirectInput = z.input<typeof redirectInputSchema>;

/**
 * A page of the rules by source address, those whose source or target contains `search` when given.
 * `source=automatic`: the redirects the site made itself (renamed posts, categories, tags, authors),
 * read-only, by old address.
 */
export const listRedirects = endpoint({
  method: 'GET',
  path: '/admin/redirects',
  access: 'admin',
  allow: 'redirects',
  query: z.extend(listQuery, { source: z.optional(z.enum(['manual', 'automatic'])) }),
  data: z.array(redirectSchema),
  meta: numberedPage,
});

/** Adds a rule: loops are refused, chains collapsed (docs/product.md#redirects). */
export const createRedirect = endpoint({
  method: 'POST',
  path: '/admin/redirects',
  access: 'admin',
  allow: 'redirects',
  body: redirectInputSchema,
  data: redirectSchema,
});

export const updateRedirect = endpoint({
  method: 'POST',
  path: '/admin/redirects/:id',
  access: 'admin',
  allow: 'redirects',
  params: idParams,
  body: redirectInputSchema,
  data: redirectSchema,
});

export const deleteRedirect = endpoint({
  method: 'DELETE',
  path: '/admin/redirects/:id',
  access: 'admin',
  allow: 'redirects',
  params: idParams,
  data: z.object({ _id: z.string() }),
});

/** Every rule as CSV (`from,to,status`), by source. */
export const exportRedirects = endpoint({
  method: 'GET',
  path: '/admin/redirects/export.csv',
  access: 'admin',
  allow: 'redirects',
  data: z.string(),
  file: { contentType: 'text/csv; charset=utf-8' },
});

/** Imports `from,to,status` rows; refused rows come back with their line and reason. */
export const importRedirects = endpoint({
  method: 'POST',
  path: '/admin/redirects/import',
  access: 'admin',
  allow: 'redirects',
  body: z.object({
    csv: z.string().check(z.minLength(1, VALIDATION_MESSAGES.csvRequired), z.maxLength(5_000_000)),
  }),
  data: z.object({
    message: z.string(),
    added: z.number(),
    updated: z.number(),
    refused: z.array(z.object({ line: z.number(), from: z.string(), message: z.string() })),
  }),
});

export const notFoundSchema = z.object({
  path: z.string(),
  hits: z.number(),
  lastSeenAt: z.string(),
  referrerHost: z.nullable(z.string()),
});
export type NotFoundEntry = z.infer<typeof notFoundSchema>;

/** The 404 log: most recently seen first, at most 5,000 addresses; ignored ones left out. */
export const listNotFound = endpoint({
  method: 'GET',
  path: '/admin/not-found',
  access: 'admin',
  allow: 'redirects',
  query: listQuery,
  data: z.array(notFoundSchema),
  meta: numberedPage,
});

/** Hides an address from the 404 log and stops logging it. */
export const ignoreNotFound = endpoint({
  method: 'POST',
  path: '/admin/not-found/ignore',
  access: 'admin',
  allow: 'redirects',
  body: z.object({ path: z.string().check(z.minLength(1), z.maxLength(1000)) }),
  data: z.object({ path: z.string() }),
});
