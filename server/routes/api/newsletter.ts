import * as api from '#shared/api/newsletter.ts';
import { actorOf, authOf, writerOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

/** A post's newsletter: its delivery report, preview and test send; the audience and the setting. */
export const newsletterRoutes: ApiRoutes = {
  admin(scope, { services: { newsletter, blog } }) {
    // An Author who may send newsletters does so for their own posts only.
    route(scope, api.deliveryReport, async (request) => {
      await blog.getPost(request.params.id, writerOf(request));
      return { data: await newsletter.report(request.params.id) };
    });
    route(scope, api.newsletterPreview, async (request) => {
      await blog.getPost(request.params.id, writerOf(request));
      return { data: await newsletter.preview(request.params.id) };
    });
    route(scope, api.newsletterTest, async (request) => {
      await blog.getPost(request.params.id, writerOf(request));
      const { to, subject, preheader } = request.body ?? {};
      return {
        data: {
          message: await newsletter.sendTest(request.params.id, to || authOf(request).user.email, {
            subject,
            preheader,
          }),
        },
      };
    });
    route(scope, api.getNewsletterMessage, async (request) => {
      await blog.getPost(request.params.id, writerOf(request));
      return { data: await newsletter.message(request.params.id) };
    });
    route(scope, api.saveNewsletterMessage, async (request) => {
      await blog.getPost(request.params.id, writerOf(request));
      return { data: await newsletter.saveMessage(request.params.id, request.body) };
    });
    route(scope, api.newsletterAudience, async () => ({ data: await newsletter.audience() }));
    route(scope, api.getSettings, async () => ({ data: await newsletter.settings() }));
    route(scope, api.saveSettings, async (request) => ({
      data: await newsletter.saveSettings(request.body, actorOf(request)),
    }));
  },
};
