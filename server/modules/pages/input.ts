import { pageInputSchema, type Page, type PageInput, type PageSummary } from '#shared/api/pages.ts';
import { PAGE_MESSAGES } from '#shared/messages.ts';
import { pageBlocksSchema, type PageBlock } from '#shared/page-blocks.ts';
import { segmentProblem } from '#shared/page-segments.ts';
import { pagePath } from '#shared/paths.ts';
import { InvalidInputError } from '#server/errors.ts';
import { cleanBlocks } from '#server/lib/page-blocks.ts';
import type { PageRow } from './repository';

/** A page's input checked (the API's schema, then the segment's form and reserved list) and cleaned. */
export function checkedInput(raw: PageInput) {
  const parsed = pageInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InvalidInputError(issue.message, issue.path.map(String).join('.') || undefined);
  }
  const input = parsed.data;
  const segment = input.segment.toLowerCase();
  const problem = segmentProblem(segment);
  if (problem) throw new InvalidInputError(problem, 'segment');
  if (input.socialImage && !input.socialImage.startsWith('/uploads/')) {
    throw new InvalidInputError(PAGE_MESSAGES.socialImageInvalid, 'socialImage');
  }
  // Checked again once cleaned: rich text the sanitiser empties (a lone script or an embed it does not
  // allow) or its entities lengthen past the limit is refused like empty text, never stored to fail later.
  const cleaned = pageBlocksSchema.safeParse(cleanBlocks(input.blocks));
  if (!cleaned.success) {
    const issue = cleaned.error.issues[0]!;
    throw new InvalidInputError(issue.message, ['blocks', ...issue.path].map(String).join('.'));
  }
  return { ...input, segment, blocks: cleaned.data };
}
export type CheckedPage = ReturnType<typeof checkedInput>;

/** A page's blocks as stored: the JSON of its last save (checked and cleaned then). */
export const blocksOf = (row: Pick<PageRow, 'blocks'>): PageBlock[] => JSON.parse(row.blocks) as PageBlock[];

export const toSummary = (row: SummaryRow): PageSummary => ({
  _id: row.id,
  title: row.title,
  segment: row.segment,
  path: pagePath(row.segment),
  status: row.status,
  publishAt: row.publish_at,
  publishedAt: row.published_at,
  deletedAt: row.deleted_at,
  version: Number(row.version),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
type SummaryRow = Pick<
  PageRow,
  | 'id'
  | 'title'
  | 'segment'
  | 'status'
  | 'publish_at'
  | 'published_at'
  | 'deleted_at'
  | 'version'
  | 'created_at'
  | 'updated_at'
>;

export const toPage = (row: PageRow): Page => ({
  ...toSummary(row),
  blocks: blocksOf(row),
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  socialImage: row.social_image,
});

/** A page as its history keeps it: what the editor saves, never its publishing state (restoring never publishes). */
export const revisionDataOf = (page: Page) => ({
  title: page.title,
  segment: page.segment,
  blocks: page.blocks,
  metaTitle: page.metaTitle,
  metaDescription: page.metaDescription,
  socialImage: page.socialImage,
});

/** Whether a page shows on the site now: published, or scheduled and due (the job publishes it within 15 s). */
export const isPublic = (row: Pick<PageRow, 'status' | 'publish_at' | 'deleted_at'>, at = new Date().toISOString()) =>
  row.deleted_at === null &&
  (row.status === 'published' || (row.status === 'scheduled' && row.publish_at !== null && row.publish_at <= at));
