import { toBlogPost } from '#shared/schemas/blog.ts';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import * as api from '#shared/api/blog.ts';
import { postPreviewUrl } from '#shared/paths.ts';
import { actorOf, writerOf } from '#server/plugins/auth.ts';
import { adminPostOf } from './admin-post';
import { route, type ApiRoutes } from './define';

/** Blog categories and posts: reads are public (but the edit form's), writes are the administrator's. */
export const blogRoutes: ApiRoutes = {
  public(scope, { services: { blog } }) {
    const listed = (result: Awaited<ReturnType<typeof blog.listPosts>>) => {
      const data = result.posts.map(toBlogPost);
      return result.pageInfo ? { data, meta: result.pageInfo } : { data };
    };

    route(scope, api.listCategories, async () => ({ data: await blog.listCategories() }));
    route(scope, api.listPosts, async (request) => listed(await blog.listPosts(request.query)));
    route(scope, api.listPostsOfCategory, async (request) =>
      listed(await blog.listByCategoryId(request.params.categoryId, request.query)),
    );
    route(scope, api.listPostsOfCategoryName, async (request) =>
      listed(await blog.listByCategorySegment(request.params.categoryName, request.query)),
    );
    route(scope, api.postByPath, async (request, reply) => {
      const found = await blog.findByPath(request.params.category, request.params.title);
      if (!found) return reply.code(404).send({ message: SERVER_MESSAGES.postNotFound });
      // A renamed post: point to its current address, as the page does.
      if ('movedTo' in found) return reply.redirect(found.movedTo.replace(/^\/blogs\//, '/api/blogs/get/by/'), 301);
      return { data: toBlogPost(found.post) };
    });
    route(scope, api.recentPosts, async () => ({ data: (await blog.recentPosts()).map(toBlogPost) }));
  },
  admin(scope, { services }) {
    const { blog, config } = services;
    route(scope, api.saveCategory, async (request) => ({ data: await blog.saveCategory(request.body) }));
    route(scope, api.deleteCategory, async (request) => ({ data: await blog.deleteCategory(request.params.id) }));
    route(scope, api.createPost, async (request) => ({
      data: toBlogPost(await blog.createPost(request.body, writerOf(request))),
    }));
    route(scope, api.updatePost, async (request) => ({
      data: toBlogPost(
        await blog.updatePost(request.params.id, request.body, writerOf(request), 'save', request.body.baseVersion),
      ),
    }));
    route(scope, api.getPost, async (request) => ({
      data: toBlogPost(await blog.getPost(request.params.id, writerOf(request))),
    }));
    route(scope, api.getAdminPost, async (request) => ({
      data: await adminPostOf(services, request.params.id, writerOf(request)),
    }));
    route(scope, api.listAdminPosts, async (request) => {
      const { posts, pageInfo } = await blog.pageForAdmin(request.query, writerOf(request));
      return pageInfo ? { data: posts, meta: pageInfo } : { data: posts };
    });
    route(scope, api.previewLink, async (request) => {
      await blog.getPost(request.params.id, writerOf(request));
      return { data: { url: config.publicUrl + postPreviewUrl(await blog.previewToken(request.params.id)) } };
    });
    route(scope, api.revokePreviewLink, async (request) => {
      await blog.getPost(request.params.id, writerOf(request));
      await blog.revokePreviewToken(request.params.id);
      return { data: { revoked: true } };
    });
    route(scope, api.deletePost, async (request) => ({
      data: await blog.deletePost(request.params.id, writerOf(request)),
    }));
    route(scope, api.listTrash, async () => ({ data: await blog.listTrash() }));
    route(scope, api.restorePost, async (request) => ({
      data: await blog.restorePost(request.params.id, actorOf(request)),
    }));
    route(scope, api.restoreCategory, async (request) => ({ data: await blog.restoreCategory(request.params.id) }));
  },
};
