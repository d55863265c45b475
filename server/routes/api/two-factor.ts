import type { FastifyRequest } from 'fastify';
import {
  completeSecondStep,
  confirmTotp,
  disableTotp,
  getSecurityPolicy,
  getTwoFactor,
  reauthWithCode,
  regenerateRecoveryCodes,
  setSecurityPolicy,
  startTotpSetup,
} from '#shared/api/two-factor.ts';
import { InvalidInputError, NotAuthenticatedError } from '#server/errors.ts';
import { authOf } from '#server/plugins/auth.ts';
import { clientAddress, failureLimits } from '#server/plugins/rate-limits.ts';
import { clientInfoOf } from './client-info';
import { route, type ApiRoutes } from './define';

/** The account a request's codes are for, found before the limits count (a WeakMap: nothing on the request type). */
const accountOf = new WeakMap<FastifyRequest, string>();
const accountAndAddressKey = (request: FastifyRequest) =>
  `${accountOf.get(request) ?? 'unknown'}|${clientAddress(request)}`;

export const twoFactorRoutes: ApiRoutes = {
  public(scope, { services, limits }) {
    const { app } = scope;
    // Like wrong passwords (docs/decisions/0010-login-limits.md): only wrong codes count, per address and
    // per account from one address, so a stranger's guessing never locks the owner out from their own.
    const codeTries = failureLimits(
      app,
      [
        { name: 'second-step-failures-ip', ...limits.secondStepPerIp },
        { name: 'second-step-failures-account-ip', ...limits.secondStepPerAccount, key: accountAndAddressKey },
      ],
      { isFailure: (error) => error instanceof NotAuthenticatedError },
    );
    route(
      scope,
      completeSecondStep,
      async (request) => ({
        data: await codeTries.attempt(request, () =>
          services.twoFactor.completeSecondStep(request.body, clientInfoOf(request)),
        ),
      }),
      {
        preHandler: [
          async (request) => {
            const owner = await services.twoFactor.ticketOwner((request.body as { ticket: string }).ticket);
            if (owner) accountOf.set(request, owner);
          },
          codeTries.preHandler,
        ],
      },
    );
  },
  admin(scope, { services, limits }) {
    const { app } = scope;
    // Codes typed inside the admin (turning the app off, new recovery codes, re-authentication) are
    // limited per account and address too: a borrowed session cannot be used to guess them.
    const adminTries = failureLimits(
      app,
      [
        {
          name: 'two-factor-admin-failures',
          ...limits.secondStepPerAccount,
          key: (request) => `${authOf(request).person.id}|${clientAddress(request)}`,
        },
      ],
      { isFailure: (error) => error instanceof InvalidInputError },
    );
    const limited = { preHandler: adminTries.preHandler };
    route(scope, getTwoFactor, async (request) => ({ data: await services.twoFactor.status(authOf(request)) }));
    // Adding a factor is a sensitive change (a borrowed session must not add its own app): a recent proof first.
    route(scope, startTotpSetup, async (request) => {
      await services.auth.requireRecentAuth(authOf(request));
      return { data: await services.twoFactor.startSetup(authOf(request)) };
    });
    route(
      scope,
      confirmTotp,
      async (request) => ({
        data: await adminTries.attempt(request, () => services.twoFactor.confirm(authOf(request), request.body.code)),
      }),
      limited,
    );
    route(
      scope,
      disableTotp,
      async (request) => ({
        data: await adminTries.attempt(request, () => services.twoFactor.disable(authOf(request), request.body.code)),
      }),
      limited,
    );
    route(
      scope,
      regenerateRecoveryCodes,
      async (request) => ({
        data: await adminTries.attempt(request, () =>
          services.twoFactor.regenerate(authOf(request), request.body.code),
        ),
      }),
      limited,
    );
    route(
      scope,
      reauthWithCode,
      async (request) => ({
        data: await adminTries.attempt(request, () =>
          services.twoFactor.reauth(authOf(request), request.body.code, clientAddress(request)),
        ),
      }),
      limited,
    );
    route(scope, getSecurityPolicy, async () => ({ data: await services.twoFactor.policy() }));
    route(scope, setSecurityPolicy, async (request) => ({
      data: await services.twoFactor.setPolicy(authOf(request), request.body),
    }));
  },
};
