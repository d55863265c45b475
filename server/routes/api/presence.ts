import * as api from '#shared/api/presence.ts';
import { PRESENCE_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { SECTIONS } from '#shared/sections.ts';
import { can } from '#shared/roles.ts';
import { ForbiddenError, NotFoundError } from '#server/errors.ts';
import { authOf, writerOf } from '#server/plugins/auth.ts';
import type { FastifyRequest } from 'fastify';
import { route, type ApiRoutes, type ApiContext } from './define';

/**
 * Only someone who may open a post or section hears who else has it open: a post by the blog's own-post
 * rules (404 for someone else's post, as opening it would), a section with the `sections` capability.
 */
async function requireOpenable({ services }: ApiContext, request: FastifyRequest, subject: string) {
  const [kind, id = ''] = subject.split(':');
  if (kind === 'post') return void (await services.blog.getPost(id, writerOf(request)));
  if (!can(authOf(request).person, 'sections')) throw new ForbiddenError(TEAM_MESSAGES.forbidden);
  if (!SECTIONS.some((section) => section.key === id)) throw new NotFoundError(PRESENCE_MESSAGES.noSuchSection);
}

/** Who else has an editor open (docs/product.md#edit-conflicts). */
export const presenceRoutes: ApiRoutes = {
  admin(scope, context) {
    const viewerOf = (request: FastifyRequest) => {
      const { user } = authOf(request);
      return { id: user._id, name: user.name || user.email };
    };
    route(scope, api.beatPresence, async (request) => {
      const { subject, tab, typed } = request.body;
      await requireOpenable(context, request, subject);
      return {
        data: { others: await context.services.presence.beat(viewerOf(request), subject, tab, typed ?? false) },
      };
    });
    route(scope, api.leavePresence, async (request) => ({
      data: { left: await context.services.presence.leave(viewerOf(request), request.body.subject, request.body.tab) },
    }));
  },
};
