import { Readable } from 'node:stream';
import * as api from '#shared/api/redirects.ts';
import { csvStream } from '#server/lib/csv.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** Settings → Redirects (docs/api.md#redirects): the rules, their CSV, and the 404 log. */
export const redirectRoutes: ApiRoutes = {
  admin(scope, { services: { redirects } }) {
    route(scope, api.listRedirects, async (request) => {
      const { source, ...query } = request.query;
      const { rows, pageInfo } = await (source === 'automatic'
        ? redirects.listAutomatic(query)
        : redirects.list(query));
      return { data: rows, meta: pageInfo };
    });
    route(scope, api.createRedirect, async (request) => ({
      data: await redirects.create(request.body, actorOf(request)),
    }));
    route(scope, api.updateRedirect, async (request) => ({
      data: await redirects.update(request.params.id, request.body, actorOf(request)),
    }));
    route(scope, api.deleteRedirect, async (request) => ({
      data: await redirects.remove(request.params.id, actorOf(request)),
    }));
    route(
      scope,
      api.importRedirects,
      async (request) => ({ data: await redirects.importCsv(request.body.csv, actorOf(request)) }),
      { bodyLimit: 6 * 1024 * 1024 },
    );
    route(scope, api.exportRedirects, async (_request, reply) => {
      reply.header('content-type', api.exportRedirects.file.contentType);
      reply.header('content-disposition', 'attachment; filename="redirects.csv"');
      const csv = csvStream(['from', 'to', 'status'], redirects.exportBatches(), (r) => [
        r.from_path,
        r.to_path,
        String(r.status),
      ]);
      return reply.send(Readable.from(csv));
    });
    route(scope, api.listNotFound, async (request) => {
      const { rows, pageInfo } = await redirects.listNotFound(request.query);
      return { data: rows, meta: pageInfo };
    });
    route(scope, api.ignoreNotFound, async (request) => ({ data: await redirects.ignore(request.body.path) }));
  },
};
