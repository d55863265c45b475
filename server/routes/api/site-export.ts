import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import * as api from '#shared/api/site-export.ts';
import { actorOf, authOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** Sends a file as a download named for the day it was made, so several exports do not overwrite each other. */
function download(reply: FastifyReply, file: { contentType: string }, name: string, ext: string, body: Readable) {
  reply.header('content-type', file.contentType);
  reply.header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.${ext}"`);
  return reply.send(body);
}

/** Settings → Export (docs/product.md#export, docs/api.md#export). */
export const siteExportRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, api.exportSummary, async () => ({ data: await services.siteExport.summary() }));
    route(scope, api.exportSite, async (request, reply) => {
      // Everything the site holds leaves it, e-mail addresses included: a recent proof of who asks
      // (docs/product.md#re-authentication, docs/decisions/0020).
      await services.auth.requireRecentAuth(authOf(request));
      return download(
        reply,
        api.exportSite.file,
        'site-export',
        'zip',
        await services.siteExport.siteZip(actorOf(request)),
      );
    });
    route(scope, api.exportWxr, async (request, reply) => {
      await services.auth.requireRecentAuth(authOf(request));
      return download(
        reply,
        api.exportWxr.file,
        'wordpress-export',
        'xml',
        await services.siteExport.wxr(actorOf(request)),
      );
    });
  },
};
