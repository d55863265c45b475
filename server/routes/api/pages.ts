import * as api from '#shared/api/pages.ts';
import { MAX_BLOCKS } from '#shared/page-blocks.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/**
 * A page may hold MAX_BLOCKS blocks of up to 100,000 characters of HTML each (shared/page-blocks.ts): its
 * save is allowed what that takes as JSON (escaped quotes included), above the API's 1 MB for other bodies.
 */
const PAGE_BODY_LIMIT = MAX_BLOCKS * 220_000 + 1024 * 1024;

/** Pages at /{segment} (docs/api.md#pages): their saves, publishing, trash, preview links and starters. */
export const pageRoutes: ApiRoutes = {
  admin(scope, { services: { pages } }) {
    route(scope, api.listPages, async (request) => ({ data: await pages.list(request.query.trash === '1') }));
    route(scope, api.getPage, async (request) => ({ data: await pages.get(request.params.id) }));
    route(scope, api.createPage, async (request) => ({ data: await pages.create(request.body, actorOf(request)) }), {
      bodyLimit: PAGE_BODY_LIMIT,
    });
    route(scope, api.createStarterPage, async (request) => ({
      data: await pages.createStarter(request.body.kind, actorOf(request)),
    }));
    route(
      scope,
      api.updatePage,
      async (request) => ({
        data: await pages.update(request.params.id, request.body, actorOf(request), request.body.baseVersion),
      }),
      { bodyLimit: PAGE_BODY_LIMIT },
    );
    route(scope, api.setPageStatus, async (request) => ({
      data: await pages.setStatus(request.params.id, request.body.status, request.body.publishAt, actorOf(request)),
    }));
    route(scope, api.deletePage, async (request) => ({
      data: await pages.remove(request.params.id, actorOf(request)),
    }));
    route(scope, api.restorePage, async (request) => ({
      data: await pages.restore(request.params.id, actorOf(request)),
    }));
    route(scope, api.pagePreviewLink, async (request) => ({
      data: { url: await pages.previewLink(request.params.id) },
    }));
  },
};
