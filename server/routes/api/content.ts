import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '#server/services.ts';

export const contentRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/get-content', async (_request, reply) => {
      // Clients may reuse the answer but must ask again each time, so edits show at once.
      reply.header('cache-control', 'no-cache');
      return { data: await services.content.getContent() };
    });
  };
