import { z } from '#shared/schemas/zod.ts';
import {
  blogCategorySchema,
  blogInputSchema,
  blogPostSchema,
  categoryInputSchema,
  pageInfoSchema,
  pageQuerySchema,
} from '#shared/schemas/blog.ts';
import { endpoint, idParam, idParams } from './endpoint';

/**
 * Blog categories and posts. Reads are public, except get-by-id (the admin edit form). Lists are newest
 * first; `?page=&limit=` pages them and adds `meta`.
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
  body: categoryInputSchema,
  data: blogCategorySchema,
});

export const deleteCategory = endpoint({
  method: 'DELETE',
  path: '/blog-category/:id',
  access: 'admin',
  params: idParams,
  data: deleted,
});

export const listPosts = endpoint({
  method: 'GET',
  path: '/blogs/get-all-blogs',
  access: 'public',
  query: pageQuerySchema,
  data: posts,
  meta: pageInfoSchema,
});

/** The posts of one category by its id (the admin list's category select). */
export const listPostsOfCategory = endpoint({
  method: 'GET',
  path: '/blogs/get-all-blogs/:categoryId',
  access: 'public',
  params: z.object({ categoryId: idParam }),
  query: pageQuerySchema,
  data: posts,
  meta: pageInfoSchema,
});

/** The public list of one category by its URL segment; `uncategorized` lists posts without one. */
export const listPostsOfCategoryName = endpoint({
  method: 'GET',
  path: '/blogs/fetch/by/:categoryName',
  access: 'public',
  params: z.object({ categoryName: segment(200) }),
  query: pageQuerySchema,
  data: posts,
  meta: pageInfoSchema,
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
  body: blogInputSchema,
  data: blogPostSchema,
});

export const updatePost = endpoint({
  method: 'POST',
  path: '/blogs/edit/:id',
  access: 'admin',
  params: idParams,
  body: z.extend(blogInputSchema, { _id: z.optional(z.string().check(z.maxLength(64))) }),
  data: blogPostSchema,
});

/** The admin edit form's read. */
export const getPost = endpoint({
  method: 'GET',
  path: '/blogs/get-by-id/:id',
  access: 'admin',
  params: idParams,
  data: blogPostSchema,
});

export const deletePost = endpoint({
  method: 'DELETE',
  path: '/blogs/:id',
  access: 'admin',
  params: idParams,
  data: deleted,
});
