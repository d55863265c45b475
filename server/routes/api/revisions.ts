import type { FastifyRequest } from 'fastify';
import * as api from '#shared/api/revisions.ts';
import type { Services } from '#server/services.ts';
import { can } from '#shared/roles.ts';
import { authOf, requireCapability, writerOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/**
 * The history of a document is for those who may edit it: a landing section's for roles with the
 * sections, the identity's for roles with `identity`, a page's for roles with `pages`, a post's for those who may open the post (an Author's
 * own; 404 otherwise).
 */
async function requireDocument(services: Services, request: FastifyRequest, docType: string, docId: string) {
  if (docType === 'section') requireCapability(request, 'sections');
  else if (docType === 'identity') requireCapability(request, 'identity');
  else if (docType === 'navigation') requireCapability(request, 'navigation');
  else if (docType === 'page') {
    requireCapability(request, 'pages');
    await services.pages.get(docId);
  } else if (!can(authOf(request).person, 'posts.all')) await services.blog.getPost(docId, writerOf(request));
}

/** Revisions of posts and sections (docs/product.md#revisions). */
export const revisionRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, api.listRevisions, async (request) => {
      await requireDocument(services, request, request.params.docType, request.params.docId);
      return { data: await services.revisions.list(request.params.docType, request.params.docId) };
    });
    route(scope, api.getRevision, async (request) => {
      const { docType, docId, ...revision } = await services.revisions.detail(request.params.id);
      await requireDocument(services, request, docType, docId);
      return { data: revision };
    });
    route(scope, api.restoreRevision, async (request) => {
      const { docType, docId } = await services.revisions.detail(request.params.id);
      await requireDocument(services, request, docType, docId);
      return { data: await services.restoreRevision(request.params.id, writerOf(request)) };
    });
  },
};
