import { SERVER_MESSAGES, TAG_MESSAGES } from '#shared/messages.ts';
import { toBlogPost } from '#shared/schemas/blog.ts';
import * as api from '#shared/api/tags.ts';
import { route, type ApiRoutes } from './define';

const queryOf = (url: string) => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

/** Tags and Read next (docs/api.md#tags): public pages' reads, and the admin's Tags screen. */
export const tagRoutes: ApiRoutes = {
  public(scope, { services: { blog } }) {
    route(scope, api.tagBySegment, async (request, reply) => {
      const found = await blog.tagBySegment(request.params.segment);
      if (!found) return reply.code(404).send({ message: TAG_MESSAGES.notFound });
      if ('movedTo' in found) return reply.redirect(`/api/tags/${encodeURIComponent(found.movedTo)}`, 301);
      return { data: found.tag };
    });
    route(scope, api.listPostsOfTag, async (request, reply) => {
      const found = await blog.tagBySegment(request.params.segment);
      if (!found) return reply.code(404).send({ message: TAG_MESSAGES.notFound });
      if ('movedTo' in found) {
        return reply.redirect(`/api/tags/${encodeURIComponent(found.movedTo)}/posts${queryOf(request.url)}`, 301);
      }
      const result = await blog.listByTag(found.id, request.query);
      const data = result.posts.map(toBlogPost);
      return result.pageInfo ? { data, meta: result.pageInfo } : { data };
    });
    route(scope, api.readNext, async (request, reply) => {
      const posts = await blog.readNext(request.params.id);
      if (!posts) return reply.code(404).send({ message: SERVER_MESSAGES.postNotFound });
      return { data: posts.map(({ _id, title, url, readingMinutes }) => ({ _id, title, url, readingMinutes })) };
    });
  },
  admin(scope, { services: { blog } }) {
    route(scope, api.listTagNames, async () => ({ data: await blog.listTagNames() }));
    route(scope, api.listTags, async () => ({ data: await blog.listTags() }));
    route(scope, api.saveTag, async (request) => ({ data: await blog.saveTag(request.params.id, request.body) }));
    route(scope, api.mergeTag, async (request) => ({
      data: await blog.mergeTag(request.params.id, request.body.into),
    }));
    route(scope, api.deleteTag, async (request) => ({ data: await blog.deleteTag(request.params.id) }));
  },
};
