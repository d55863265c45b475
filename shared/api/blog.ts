import { z } from '#shared/schemas/zod.ts';
import {
  blogCategorySchema,
  blogEditSchema,
  blogInputSchema,
  adminPostSchema,
  blogPostSchema,
  categoryInputSchema,
  POST_STATUSES,
  postDetailsSchema,
  listMetaSchema,
  pageQuerySchema,
} from '#shared/schemas/blog.ts';
import { cursorPageInfoSchema, cursorParam, pageSizeParam } from '#shared/schemas/paging.ts';
import { endpoint, idParam, idParams } from './endpoint';

/**
 * Blog categories and posts. Reads are public, except get-by-id (the admin edit form). Lists are newest
 * first; `?page=&limit=` pages them and adds `meta`; `?cursor=` pages them by keyset (shared/schemas/paging.ts).
 */
const posts = z.array(blogPostSchema);
const deleted = z.object({ _id: z.string() });
const segment = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const listCategories = endpoint({
  method: 'GET',
  path: '/blog-category/get-blog-categories',
  access: 'public',
  data: z.array(blogCategorySchema),
});

/** Creates a category, or renames it when `_id` is given. */
export const saveCategory = endpoint({
  method: 'POST',
  path: '/blog-category/add/update',
  access: 'admin',
  allow: 'categories',
  body: categoryInputSchema,
  data: blogCategorySchema,
});

export const deleteCategory = endpoint({
  method: 'DELETE',
  path: '/blog-category/:id',
  access: 'admin',
  allow: 'categories',
  params: idParams,
  data: deleted,
});

export const listPosts = endpoint({
  method: 'GET',
  path: '/blogs/get-all-blogs',
  access: 'public',
  query: pageQuerySchema,
  data: posts,
  meta: listMetaSchema,
});

/** The posts of one category by its id (the admin list's category select). */
export const listPostsOfCategory = endpoint({
  method: 'GET',
  path: '/blogs/get-all-blogs/:categoryId',
  access: 'public',
  params: z.object({ categoryId: idParam }),
  query: pageQuerySchema,
  data: posts,
  meta: listMetaSchema,
});

/** The public list of one category by its URL segment; `uncategorized` lists posts without one. */
export const listPostsOfCategoryName = endpoint({
  method: 'GET',
  path: '/blogs/fetch/by/:categoryName',
  access: 'public',
  params: z.object({ categoryName: segment(200) }),
  query: pageQuerySchema,
  data: posts,
  meta: listMetaSchema,
});

/** A post by its address segments; a post that moved answers 301 to its new lookup. */
export const postByPath = endpoint({
  method: 'GET',
  path: '/blogs/get/by/:category/:title',
  access: 'public',
  params: z.object({ category: segment(200), title: segment(3000) }),
  data: blogPostSchema,
});

export const recentPosts = endpoint({ method: 'GET', path: '/blogs/get-recent', access: 'public', data: posts });

export const createPost = endpoint({
  method: 'POST',
  path: '/blogs/add',
  access: 'admin',
  allow: 'posts.write',
  body: blogInputSchema,
  data: blogPostSchema,
});

export const updatePost = endpoint({
  method: 'POST',
  path: '/blogs/edit/:id',
  access: 'admin',
  allow: 'posts.write',
  params: idParams,
  body: blogEditSchema,
  data: blogPostSchema,
});

/** The admin edit form's read (of the product contract). */
export const getPost = endpoint({
  method: 'GET',
  path: '/blogs/get-by-id/:id',
  access: 'admin',
  allow: 'posts.write',
  params: idParams,
  data: blogPostSchema,
});

/** The editor's read: the post whatever its status, with its publishing fields and its newsletter. */
export const getAdminPost = endpoint({
  method: 'GET',
  path: '/admin/posts/:id',
  access: 'admin',
  allow: 'posts.write',
  params: idParams,
  data: adminPostSchema,
});

/**
 * The admin's list: every post with its status, newest first; filtered by status and category. With
 * `limit` or `cursor` (empty for the first page) a keyset page and `meta`.
 */
export const listAdminPosts = endpoint({
  method: 'GET',
  path: '/admin/posts',
  access: 'admin',
  allow: 'posts.write',
  query: z.object({
    status: z.optional(z.enum(POST_STATUSES)),
    categoryId: z.optional(idParam),
    limit: z.optional(pageSizeParam(200)),
    cursor: z.optional(cursorParam),
  }),
  data: z.array(postDetailsSchema),
  meta: cursorPageInfoSchema,
});

/**
 * The post's private preview link (made on first use): the post exactly as its public page will show it,
 * for whoever has the link, never indexed or cached publicly.
 */
export const previewLink = endpoint({
  method: 'POST',
  path: '/blogs/:id/preview-link',
  access: 'admin',
  allow: 'posts.write',
  params: idParams,
  data: z.object({ url: z.string() }),
});

/** Revokes the preview link; the next one is different. */
export const revokePreviewLink = endpoint({
  method: 'DELETE',
  path: '/blogs/:id/preview-link',
  access: 'admin',
  allow: 'posts.write',
  params: idParams,
  data: z.object({ revoked: z.boolean() }),
});

export const deletePost = endpoint({
  method: 'DELETE',
  path: '/blogs/:id',
  access: 'admin',
  allow: 'posts.write',
  params: idParams,
  data: deleted,
});

/** The posts in the trash (kept 30 days), most recently deleted first. */
export const listTrash = endpoint({
  method: 'GET',
  path: '/admin/trash',
  access: 'admin',
  allow: 'trash',
  /** `deletedBy`: who put it there (absent for posts trashed before the team existed). */
  data: z.array(z.extend(postDetailsSchema, { deletedAt: z.string(), deletedBy: z.optional(z.string()) })),
});

/** Takes a post out of the trash, back at its old address (unless another post took it meanwhile). */
export const restorePost = endpoint({
  method: 'POST',
  path: '/admin/trash/:id/restore',
  access: 'admin',
  allow: 'trash',
  params: idParams,
  data: postDetailsSchema,
});

/** Undoes the deletion of a category: it comes back with its posts at their old addresses. */
export const restoreCategory = endpoint({
  method: 'POST',
  path: '/blog-category/:id/restore',
  access: 'admin',
  allow: 'categories',
  params: idParams,
  data: blogCategorySchema,
});
