import { z } from '#shared/schemas/zod.ts';
import { blogPostSchema, listMetaSchema, pageQuerySchema } from '#shared/schemas/blog.ts';
import { publicTagSchema, tagInputSchema, tagMergeSchema, tagSchema } from '#shared/schemas/tags.ts';
import { endpoint, idParams } from './endpoint';

/**
 * Tags (docs/product.md#tags, docs/api.md#tags) and Read next (docs/product.md#read-next). Public reads
 * never show internal tags (`#…`): their pages answer 404. The admin's Tags screen needs `categories`.
 */
const tagSegment = z.object({ segment: z.string().check(z.minLength(1), z.maxLength(200)) });

/** A public tag by its address; a renamed or merged tag's old address answers 301 to the new one. */
export const tagBySegment = endpoint({
  method: 'GET',
  path: '/tags/:segment',
  access: 'public',
  params: tagSegment,
  data: publicTagSchema,
});

/** A public tag's published posts, newest first, paged like the blog list. */
export const listPostsOfTag = endpoint({
  method: 'GET',
  path: '/tags/:segment/posts',
  access: 'public',
  params: tagSegment,
  query: pageQuerySchema,
  data: z.array(blogPostSchema),
  meta: listMetaSchema,
});

/** A published post's Read next: up to three published posts, best first; 404 for any other post. */
export const readNext = endpoint({
  method: 'GET',
  path: '/blogs/read-next/:id',
  access: 'public',
  params: idParams,
  data: z.array(z.object({ _id: z.string(), title: z.string(), url: z.string(), readingMinutes: z.number() })),
});

/** Every tag's name, for the editor's suggestions (anyone who writes posts). */
export const listTagNames = endpoint({
  method: 'GET',
  path: '/admin/tag-names',
  access: 'admin',
  allow: 'posts.write',
  data: z.array(z.string()),
});

/** Every tag with its number of posts outside the trash, by name. */
export const listTags = endpoint({
  method: 'GET',
  path: '/admin/tags',
  access: 'admin',
  allow: 'categories',
  data: z.array(tagSchema),
});

/** Edits a tag; a new name or address moves its page and the old address answers 301. */
export const saveTag = endpoint({
  method: 'POST',
  path: '/admin/tags/:id',
  access: 'admin',
  allow: 'categories',
  params: idParams,
  body: tagInputSchema,
  data: tagSchema,
});

/** Merges the tag into `into`: its posts get `into`, its addresses lead to `into`'s page; it is gone. */
export const mergeTag = endpoint({
  method: 'POST',
  path: '/admin/tags/:id/merge',
  access: 'admin',
  allow: 'categories',
  params: idParams,
  body: tagMergeSchema,
  data: tagSchema,
});

/** Deletes a tag: its posts lose it (nothing else of them changes). */
export const deleteTag = endpoint({
  method: 'DELETE',
  path: '/admin/tags/:id',
  access: 'admin',
  allow: 'categories',
  params: idParams,
  data: z.object({ _id: z.string() }),
});
