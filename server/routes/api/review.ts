import * as api from '#shared/api/review.ts';
import { writerOf } from '#server/plugins/auth.ts';
import { adminPostOf } from './admin-post';
import { route, type ApiRoutes } from './define';

/** The review of Contributors' posts (docs/product.md#review). */
export const reviewRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, api.reviewQueue, async () => ({ data: { pending: await services.blog.pendingCount() } }));
    route(scope, api.requestChanges, async (request) => {
      const writer = writerOf(request);
      await services.blog.requestChanges(request.params.id, request.body.note, writer);
      return { data: await adminPostOf(services, request.params.id, writer) };
    });
  },
};
