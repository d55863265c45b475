import * as api from '#shared/api/search.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { writerOf } from '#server/plugins/auth.ts';
import { visitOf } from './client-info';
import { route, type ApiRoutes } from './define';

/** Search of posts: the public one (rate limited per address, with the /search page) and the admin list's. */
export const searchRoutes: ApiRoutes = {
  public(scope, { services: { blog, analytics }, limits }) {
    route(
      scope,
      api.searchPosts,
      async (request) => {
        const { q, ...page } = request.query;
        const { hits, meta } = await blog.searchPublic(q, page);
        // The search box's answers: a search counts once, on its first page (docs/product.md#analytics).
        if ((page.page ?? 1) === 1) {
          void analytics.search(visitOf(request), q, meta.total).catch(() => undefined);
        }
        return { data: hits, meta };
      },
      { preHandler: rateLimit(scope.app, { name: 'search-ip', ...limits.searchPerIp }) },
    );
  },
  admin(scope, { services: { blog } }) {
    route(scope, api.searchAdminPosts, async (request) => {
      const { q, ...filter } = request.query;
      const { posts, pageInfo } = await blog.searchForAdmin(q, filter, writerOf(request));
      return { data: posts, meta: pageInfo };
    });
  },
};
