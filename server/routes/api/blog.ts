import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '#shared/schemas/zod.ts';
import { blogInputSchema, categoryInputSchema, pageQuerySchema } from '#shared/schemas/blog.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import type { Services } from '#server/services.ts';

const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * Blog categories and posts (SPEC §7). Reads are public, except get-by-id (the admin edit form); writes
 * are behind the admin guard. Lists are newest first; `?page=&limit=` pages them and adds `meta`.
 */
export const blogRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { blog } = services;
    const listed = (result: { posts: unknown[]; pageInfo?: unknown }) =>
      result.pageInfo ? { data: result.posts, meta: result.pageInfo } : { data: result.posts };

    app.get('/blog-category/get-blog-categories', async () => ({ data: await blog.listCategories() }));
    app.get('/blogs/get-all-blogs', { schema: { querystring: pageQuerySchema } }, async (request) =>
      listed(await blog.listPosts(request.query)),
    );
    app.get(
      '/blogs/get-all-blogs/:categoryId',
      {
        schema: {
          params: z.object({ categoryId: z.string().check(z.minLength(1), z.maxLength(64)) }),
          querystring: pageQuerySchema,
        },
      },
      async (request) => listed(await blog.listByCategoryId(request.params.categoryId, request.query)),
    );
    app.get(
      '/blogs/fetch/by/:categoryName',
      {
        schema: {
          params: z.object({ categoryName: z.string().check(z.minLength(1), z.maxLength(200)) }),
          querystring: pageQuerySchema,
        },
      },
      async (request) => listed(await blog.listByCategorySegment(request.params.categoryName, request.query)),
    );
    app.get(
      '/blogs/get/by/:category/:title',
      {
        schema: {
          params: z.object({
            category: z.string().check(z.minLength(1), z.maxLength(200)),
            title: z.string().check(z.minLength(1), z.maxLength(3000)),
          }),
        },
      },
      async (request, reply) => {
        const found = await blog.findByPath(request.params.category, request.params.title);
        if (!found) return reply.code(404).send({ message: 'Post not found' });
        // A renamed post: point to its current address, as the page does.
        if ('movedTo' in found) return reply.redirect(found.movedTo.replace(/^\/blogs\//, '/api/blogs/get/by/'), 301);
        return { data: found.post };
      },
    );
    app.get('/blogs/get-recent', async () => ({ data: await blog.recentPosts() }));

    await app.register(async (scope) => {
      const admin = scope.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', requireAdmin(services.auth));

      admin.post('/blog-category/add/update', { schema: { body: categoryInputSchema } }, async (request) => ({
        data: await blog.saveCategory(request.body),
      }));
      admin.delete('/blog-category/:id', { schema: { params: idParams } }, async (request) => ({
        data: await blog.deleteCategory(request.params.id),
      }));
      admin.post('/blogs/add', { schema: { body: blogInputSchema } }, async (request) => ({
        data: await blog.createPost(request.body),
      }));
      admin.post(
        '/blogs/edit/:id',
        {
          schema: {
            params: idParams,
            body: z.extend(blogInputSchema, { _id: z.optional(z.string().check(z.maxLength(64))) }),
          },
        },
        async (request) => ({
          data: await blog.updatePost(request.params.id, request.body),
        }),
      );
      admin.get('/blogs/get-by-id/:id', { schema: { params: idParams } }, async (request) => ({
        data: await blog.getPost(request.params.id),
      }));
      admin.delete('/blogs/:id', { schema: { params: idParams } }, async (request) => ({
        data: await blog.deletePost(request.params.id),
      }));
    });
  };
