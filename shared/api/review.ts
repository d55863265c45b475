import { z } from '#shared/schemas/zod.ts';
import { requiredText } from '#shared/schemas/fields.ts';
import { TEAM_MESSAGES } from '#shared/messages.ts';
import { adminPostSchema } from '#shared/schemas/blog.ts';
import { endpoint, idParams } from './endpoint';

/**
 * The review of Contributors' posts (docs/product.md#review): they save with status `pending` ("Submit
 * for review"); a reviewer publishes it as any post is published, or sends it back with a note.
 */

/** How many posts wait for review: the badge beside Blogs. */
export const reviewQueue = endpoint({
  method: 'GET',
  path: '/admin/review-queue',
  access: 'admin',
  allow: 'posts.review',
  data: z.object({ pending: z.number() }),
});

/** Back to draft with a note the writer sees in the editor and receives by e-mail. */
export const requestChanges = endpoint({
  method: 'POST',
  path: '/blogs/:id/request-changes',
  access: 'admin',
  allow: 'posts.review',
  params: idParams,
  body: z.object({ note: requiredText(TEAM_MESSAGES.reviewNoteRequired, 5000) }),
  data: adminPostSchema,
});
