import type { FastifyRequest } from 'fastify';
import { SESSION_MESSAGES } from '#shared/messages.ts';
import * as api from '#shared/api/sessions.ts';
import { InvalidInputError } from '#server/errors.ts';
import { authOf } from '#server/plugins/auth.ts';
import { clientAddress, failureLimits } from '#server/plugins/rate-limits.ts';
import { route, type ApiRoutes } from './define';

/** One account from one address: someone guessing elsewhere never uses up the owner's own tries. */
const accountAndAddressKey = (request: FastifyRequest) => `${authOf(request).user._id}|${clientAddress(request)}`;

/** Sessions one can see and end, and re-authentication (docs/product.md#sessions, #re-authentication). */
export const sessionRoutes: ApiRoutes = {
  admin(scope, { services, limits }) {
    const { sessions } = services;
    route(scope, api.listSessions, async (request) => ({ data: await sessions.mine(authOf(request)) }));
    route(scope, api.endSession, async (request) => ({
      data: { message: await sessions.endMine(authOf(request), request.params.id, clientAddress(request)) },
    }));
    route(scope, api.endOtherSessions, async (request) => ({
      data: { message: await sessions.endMyOthers(authOf(request), clientAddress(request)) },
    }));
    route(scope, api.listPersonSessions, async (request) => ({
      data: await sessions.of(authOf(request), request.params.id),
    }));
    route(scope, api.endPersonSession, async (request) => ({
      data: {
        message: await sessions.endOne(authOf(request), request.params.id, request.params.sid, clientAddress(request)),
      },
    }));
    route(scope, api.endPersonSessions, async (request) => ({
      data: { message: await sessions.endAll(authOf(request), request.params.id, clientAddress(request)) },
    }));

    // Only wrong passwords count, per address and per account from one address, as for logins
    // (docs/decisions/0010-login-limits.md): the owner's own address is never held back by others.
    const tries = failureLimits(
      scope.app,
      [
        { name: 'reauth-failures-ip', ...limits.reauthPerIp },
        { name: 'reauth-failures-account-ip', ...limits.reauthPerAccount, key: accountAndAddressKey },
      ],
      { isFailure: (error) => error instanceof InvalidInputError },
    );
    route(
      scope,
      api.reauthenticate,
      async (request) => {
        const reauthAt = await tries.attempt(request, () =>
          sessions.reauthenticate(authOf(request), request.body.password, clientAddress(request)),
        );
        return { data: { message: SESSION_MESSAGES.reauthDone, reauthAt } };
      },
      { preHandler: tries.preHandler },
    );
  },
};
