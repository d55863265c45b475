import * as api from '#shared/api/autosave.ts';
import { authOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** The post editor's autosaves, one per administrator and post (docs/product.md#revisions). */
export const autosaveRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, api.getAutosave, async (request) => ({
      data: await services.autosaves.find(authOf(request).user._id, request.params.key),
    }));
    route(scope, api.saveAutosave, async (request) => ({
      data: { savedAt: await services.autosaves.save(authOf(request).user._id, request.params.key, request.body.data) },
    }));
    route(scope, api.discardAutosave, async (request) => ({
      data: { discarded: await services.autosaves.discard(authOf(request).user._id, request.params.key) },
    }));
  },
};
