import * as api from '#shared/api/analytics.ts';
import { can } from '#shared/roles.ts';
import { csvLine } from '#server/lib/csv.ts';
import { authOf, writerOf } from '#server/plugins/auth.ts';
import type { Services } from '#server/services.ts';
import type { FastifyRequest } from 'fastify';
import { visitOf } from './client-info';
import { route, type ApiRoutes } from './define';

/** Beacons are small: a path, a referrer and a kind. */
const EVENT_BODY_LIMIT = 8 * 1024;

/** The smallest transparent GIF: what a page without scripts asks for to be counted. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The whole site's figures, or an Author's own posts'. */
async function viewerOf(request: FastifyRequest, blog: Services['blog']) {
  const { person, user } = authOf(request);
  if (can(person, 'analytics.all')) return { all: true as const };
  const own = await blog.listForAdmin({ authorId: user._id });
  return { all: false as const, postIds: own.map((post) => post._id) };
}

/** Analytics (docs/api.md#analytics): the counting beacon, the dashboard, its CSV, a post's figures, settings. */
export const analyticsRoutes: ApiRoutes = {
  async public(scope, { services: { analytics } }) {
    await scope.app.register(async (beacon) => {
      // navigator.sendBeacon sends a string as text/plain: read as the JSON it is.
      beacon.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(null, body);
        }
      });
      route(
        { app: beacon, access: 'public' },
        api.countEvent,
        async (request, reply) => {
          await analytics.count({
            kind: request.body.k,
            page: request.body.p,
            referrer: request.body.r,
            ...visitOf(request),
          });
          // The same answer counted or not: a visitor's browser learns nothing from it.
          return reply.code(204).send();
        },
        { bodyLimit: EVENT_BODY_LIMIT },
      );
    });
    route(scope, api.countPixel, async (request, reply) => {
      await analytics.countPage(request.headers.referer, visitOf(request));
      reply.header('content-type', api.countPixel.file.contentType);
      reply.header('cache-control', 'no-store');
      return reply.send(PIXEL);
    });
  },
  admin(scope, { services: { analytics, blog } }) {
    route(scope, api.getAnalytics, async (request) => ({
      data: await analytics.report(request.query, await viewerOf(request, blog)),
    }));
    route(scope, api.exportAnalytics, async (request, reply) => {
      const { table, ...range } = request.query;
      const lines = await analytics.table(table, range, await viewerOf(request, blog));
      reply.header('content-type', api.exportAnalytics.file.contentType);
      reply.header('content-disposition', `attachment; filename="analytics-${table}-${range.from}-${range.to}.csv"`);
      return reply.send(lines.map(csvLine).join(''));
    });
    route(scope, api.postAnalytics, async (request) => {
      // Reading the post first applies the blog's own-post rule (an Author's own posts only).
      const post = await blog.getPost(request.params.id, writerOf(request));
      return { data: await analytics.post(post._id) };
    });
    route(scope, api.getAnalyticsSettings, async () => ({ data: await analytics.settings() }));
    route(scope, api.saveAnalyticsSettings, async (request) => ({
      data: await analytics.saveSettings(request.body as Parameters<typeof analytics.saveSettings>[0]),
    }));
  },
};
