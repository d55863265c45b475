import type { FastifyRequest } from 'fastify';
import * as api from '#shared/api/staff.ts';
import { GoneError, NotFoundError } from '#server/errors.ts';
import { authOf } from '#server/plugins/auth.ts';
import { failureLimits } from '#server/plugins/rate-limits.ts';
import { clientInfoOf } from './client-info';
import { route, type ApiRoutes } from './define';

/** The team (docs/product.md#team-and-roles): the signed-in account, the staff and invitations. */
export const staffRoutes: ApiRoutes = {
  public(scope, { services, limits }) {
    // Only links that do not work count, per address: an invitee is never held back by someone else's
    // guessing, and a real link always works (docs/decisions/0010-login-limits.md, the same idea).
    const linkTries = failureLimits(scope.app, [{ name: 'invite-failures-ip', ...limits.invitePerIp }], {
      isFailure: (error) => error instanceof NotFoundError || error instanceof GoneError,
    });
    route(
      scope,
      api.getInvite,
      async (request) => ({
        data: await linkTries.attempt(request, () => services.invites.details(request.params.token)),
      }),
      { preHandler: linkTries.preHandler },
    );
    route(
      scope,
      api.acceptInvite,
      async (request) => ({
        data: await linkTries.attempt(request, () =>
          services.invites.accept(request.params.token, request.body, clientInfoOf(request)),
        ),
      }),
      { preHandler: linkTries.preHandler },
    );
  },
  admin(scope, { services }) {
    const { staff, invites } = services;
    route(scope, api.getAccount, async (request) => ({ data: services.auth.account(authOf(request)) }));
    route(scope, api.listStaff, async () => ({ data: { people: await staff.list(), invites: await invites.list() } }));
    // Sensitive changes need a recent proof of who one is (docs/product.md#re-authentication).
    const recentAuth = (request: FastifyRequest) => services.auth.requireRecentAuth(authOf(request));
    route(scope, api.inviteStaff, async (request) => {
      if (request.body.role === 'administrator') await recentAuth(request);
      return { data: await invites.invite(authOf(request), request.body) };
    });
    route(scope, api.resendInvite, async (request) => ({
      data: await invites.resend(authOf(request), request.params.id),
    }));
    route(scope, api.revokeInvite, async (request) => ({
      data: { message: await invites.revoke(authOf(request), request.params.id) },
    }));
    route(scope, api.updateStaff, async (request) => {
      if (request.body.role !== undefined) await recentAuth(request);
      return { data: await staff.update(authOf(request), request.params.id, request.body) };
    });
    route(scope, api.suspendStaff, async (request) => ({
      data: await staff.suspend(authOf(request), request.params.id),
    }));
    route(scope, api.reactivateStaff, async (request) => ({
      data: await staff.reactivate(authOf(request), request.params.id),
    }));
    route(scope, api.deleteStaff, async (request) => {
      const message = await staff.remove(authOf(request), request.params.id, request.body.reassignTo);
      // Their bylines moved (server/services.ts bumps the content version): this process sees it at once.
      await services.siteMeta.contentVersion.refresh();
      return { data: { message } };
    });
    route(scope, api.transferOwnership, async (request) => {
      await recentAuth(request);
      return { data: { message: await staff.transferOwnership(authOf(request), request.body.to) } };
    });
  },
};
