import * as autosaveApi from '#shared/api/autosave.ts';
import * as api from '#shared/api/revisions.ts';
import { authOf, actorOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** Revisions of posts and sections, and the post editor's autosaves (docs/product.md#revisions). */
export const historyRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, api.listRevisions, async (request) => ({
      data: await services.revisions.list(request.params.docType, request.params.docId),
    }));
    route(scope, api.getRevision, async (request) => {
      const { docType: _type, docId: _id, ...revision } = await services.revisions.detail(request.params.id);
      return { data: revision };
    });
    route(scope, api.restoreRevision, async (request) => ({
      data: await services.restoreRevision(request.params.id, actorOf(request)),
    }));

    route(scope, autosaveApi.getAutosave, async (request) => ({
      data: await services.autosaves.find(authOf(request).user._id, request.params.key),
    }));
    route(scope, autosaveApi.saveAutosave, async (request) => ({
      data: { savedAt: await services.autosaves.save(authOf(request).user._id, request.params.key, request.body.data) },
    }));
    route(scope, autosaveApi.discardAutosave, async (request) => ({
      data: { discarded: await services.autosaves.discard(authOf(request).user._id, request.params.key) },
    }));
  },
};
