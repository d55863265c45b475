import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SECTION_UPDATES } from '#shared/schemas/content-updates.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import type { Services } from '#server/services.ts';

/** The eight section update calls of SPEC §7, all behind the admin guard, answering `{ data: section }`. */
export const contentAdminRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAdmin(services.auth));
    for (const { path, section, schema } of SECTION_UPDATES) {
      app.post(path, { schema: { body: schema } }, async (request) => ({
        data: await services.content.updateSection(section, request.body as never),
      }));
    }
  };
