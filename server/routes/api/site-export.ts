import * as api from '#shared/api/site-export.ts';
import { actorOf, authOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** The file name of a download: the day it was made, so several exports do not overwrite each other. */
const fileName = (what: string, ext: string) => `${what}-${new Date().toISOString().slice(0, 10)}.${ext}`;

/** Settings → Export (docs/product.md#export, docs/api.md#export). */
export const siteExportRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, api.exportSummary, async () => ({ data: await services.siteExport.summary() }));
    route(scope, api.exportSite, async (request, reply) => {
      // Everything the site holds leaves it, e-mail addresses included: a recent proof of who asks
      // (docs/product.md#re-authentication, docs/decisions/0020).
      await services.auth.requireRecentAuth(authOf(request));
      const zip = await services.siteExport.siteZip(actorOf(request));
      reply.header('content-type', api.exportSite.file.contentType);
      reply.header('content-disposition', `attachment; filename="${fileName('site-export', 'zip')}"`);
      return reply.send(zip);
    });
    route(scope, api.exportWxr, async (request, reply) => {
      await services.auth.requireRecentAuth(authOf(request));
      const wxr = await services.siteExport.wxr(actorOf(request));
      reply.header('content-type', api.exportWxr.file.contentType);
      reply.header('content-disposition', `attachment; filename="${fileName('wordpress-export', 'xml')}"`);
      return reply.send(wxr);
    });
  },
};
