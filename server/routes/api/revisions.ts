import * as api from '#shared/api/revisions.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** Revisions of posts and sections (docs/product.md#revisions). */
export const revisionRoutes: ApiRoutes = {
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
  },
};
