import { z } from '#shared/schemas/zod.ts';
import { endpoint, idParam, idParams } from './endpoint';

export const revisionSummarySchema = z.object({
  _id: z.string(),
  /**
   * 'restore': this revision brought an earlier one back; 'submit', 'changes' and 'publish': a writer
   * submitted the post for review, a reviewer sent it back or published it (docs/product.md#review).
   */
  action: z.enum(['save', 'restore', 'submit', 'changes', 'publish']),
  /** The fields this save changed. */
  changed: z.array(z.string()),
  author: z.string(),
  createdAt: z.string(),
  /** The reviewer's note of a 'changes' step (only there). */
  note: z.optional(z.string()),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const revisionDetailSchema = z.extend(revisionSummarySchema, {
  data: z.record(z.string(), z.unknown()),
  /** The revision before it, to show what changed; null for the first. */
  previous: z.nullable(z.record(z.string(), z.unknown())),
});
export type RevisionDetail = z.infer<typeof revisionDetailSchema>;

/**
 * What has revisions: a post or a page (by id), a landing section (by its key), the site's identity or its
 * navigation (docId `site` for both: docs/product.md#site-identity, #navigation). The one list the
 * revisions table's type and the history components derive theirs from.
 */
export const REVISION_DOC_TYPES = ['post', 'section', 'identity', 'navigation', 'page'] as const;
export type RevisionDocType = (typeof REVISION_DOC_TYPES)[number];
const docType = z.enum(REVISION_DOC_TYPES);
const docParams = z.object({ docType, docId: idParam });

/** The history of a post (by id), a landing section (by its key, e.g. banner) or the identity (`site`), newest first. */
export const listRevisions = endpoint({
  method: 'GET',
  path: '/admin/revisions/:docType/:docId',
  access: 'admin',
  allow: 'posts.write',
  params: docParams,
  data: z.array(revisionSummarySchema),
});

export const getRevision = endpoint({
  method: 'GET',
  path: '/admin/revisions/:id',
  access: 'admin',
  allow: 'posts.write',
  params: idParams,
  data: revisionDetailSchema,
});

/** Brings a revision back; that is itself a new revision, so a restore can be undone. */
export const restoreRevision = endpoint({
  method: 'POST',
  path: '/admin/revisions/:id/restore',
  access: 'admin',
  allow: 'posts.write',
  params: idParams,
  data: z.object({ docType, docId: z.string() }),
});
