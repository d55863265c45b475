import * as api from '#shared/api/newsletter.ts';
import { authOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** A post's newsletter: its delivery report, preview and test send; the audience and the setting. */
export const newsletterRoutes: ApiRoutes = {
  admin(scope, { services: { newsletter, blog } }) {
    route(scope, api.deliveryReport, async (request) => {
      await blog.getPost(request.params.id);
      return { data: await newsletter.report(request.params.id) };
    });
    route(scope, api.newsletterPreview, async (request) => ({ data: await newsletter.preview(request.params.id) }));
    route(scope, api.newsletterTest, async (request) => ({
      data: { message: await newsletter.sendTest(request.params.id, request.body?.to || authOf(request).user.email) },
    }));
    route(scope, api.newsletterAudience, async () => ({ data: await newsletter.audience() }));
    route(scope, api.getSettings, async () => ({ data: await newsletter.settings() }));
    route(scope, api.saveSettings, async (request) => ({ data: await newsletter.saveSettings(request.body) }));
  },
};
