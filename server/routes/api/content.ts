import {
  getContent,
  getLandingLayout,
  getSectionForEdit,
  saveLandingLayout,
  sectionUpdates,
} from '#shared/api/content.ts';
import { getPolicies } from '#shared/api/policies.ts';
import type { SectionKey } from '#shared/sections.ts';
import type { SectionUpdate } from '#server/modules/content/service.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** The site content, the policy texts alone, and the update call of every section (derived from the registry). */
export const contentRoutes: ApiRoutes = {
  public(scope, { services }) {
    route(scope, getContent, async (_request, reply) => {
      // Clients may reuse the answer but must ask again each time, so edits show at once.
      reply.header('cache-control', 'no-cache');
      return { data: await services.content.getContent() };
    });
    route(scope, getPolicies, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: (await services.content.getContent()).privacyPolicy };
    });
  },
  admin(scope, { services }) {
    route(scope, getLandingLayout, async () => ({ data: { sections: await services.content.getLayout() } }));
    route(scope, saveLandingLayout, async (request) => ({
      data: { sections: await services.content.saveLayout(request.body.sections, actorOf(request)) },
    }));
    route(scope, getSectionForEdit, async (request) => ({
      data: await services.content.sectionForEdit(request.params.key),
    }));
    for (const [key, endpoint] of Object.entries(sectionUpdates)) {
      route(scope, endpoint, async (request) => ({
        data: await services.content.updateSection(key as SectionKey, request.body as SectionUpdate, actorOf(request)),
      }));
    }
  },
};
