import * as api from '#shared/api/profile.ts';
import { GoneError, NotFoundError } from '#server/errors.ts';
import { authOf } from '#server/plugins/auth.ts';
import { clientAddress, failureLimits } from '#server/plugins/rate-limits.ts';
import { route, type ApiRoutes } from './define';

/** Profiles and the authors of posts (docs/product.md#profiles-and-author-pages). */
export const profileRoutes: ApiRoutes = {
  public(scope, { services, limits }) {
    // Only links that do not work count, per address, as for invitations.
    const linkTries = failureLimits(scope.app, [{ name: 'email-change-failures-ip', ...limits.invitePerIp }], {
      isFailure: (error) => error instanceof NotFoundError || error instanceof GoneError,
    });
    route(
      scope,
      api.confirmEmailChange,
      async (request) => ({
        data: {
          message: await linkTries.attempt(request, () =>
            services.profiles.confirmEmailChange(request.params.token, clientAddress(request)),
          ),
        },
      }),
      { preHandler: linkTries.preHandler },
    );
  },
  admin(scope, { services }) {
    const { profiles, blog } = services;
    route(scope, api.getProfile, async (request) => ({ data: await profiles.get(authOf(request)) }));
    route(scope, api.saveProfile, async (request) => ({
      data: await profiles.save(authOf(request), request.body),
    }));
    route(scope, api.requestEmailChange, async (request) => {
      // A sensitive change: the session proved who it is in the last 10 minutes (docs/product.md#re-authentication).
      await services.auth.requireRecentAuth(authOf(request));
      return { data: { message: await profiles.requestEmailChange(authOf(request), request.body.email) } };
    });
    route(scope, api.listAuthors, async () => ({ data: await profiles.activePeople() }));
    route(scope, api.setPostAuthors, async (request) => {
      const ids = await blog.setPostAuthors(request.params.id, request.body.authorIds);
      const names = await profiles.namesOf(ids);
      return { data: ids.map((id) => ({ _id: id, name: names.get(id) ?? '' })) };
    });
  },
};
