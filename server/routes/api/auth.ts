import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { changePassword, login, logout, me, requestReset, verifyOtp } from '#shared/api/auth.ts';
import { NotAuthenticatedError } from '#server/errors.ts';
import { authOf } from '#server/plugins/auth.ts';
import { alarm, clientAddress, failureLimits, rateLimit } from '#server/plugins/rate-limits.ts';
import { clientInfoOf } from './client-info';
import { route, type ApiRoutes } from './define';

const emailKey = (request: { body: unknown }) =>
  String((request.body as { email?: string }).email ?? '')
    .trim()
    .toLowerCase();
/** An account as asked for from one address: an attacker elsewhere cannot use up the owner's tries. */
const emailAndAddressKey = (request: FastifyRequest) => `${emailKey(request)}|${clientAddress(request)}`;

export const authRoutes: ApiRoutes = {
  public(scope, { services, limits }) {
    const { app } = scope;
    // Only wrong passwords count, per address and per account from one address; failures from all
    // addresses together only warn the owner (docs/decisions/0010-login-limits.md).
    const underAttack = alarm(app, { name: 'login-failures-account', ...limits.loginAlertPerAccount, key: emailKey });
    const loginTries = failureLimits(
      app,
      [
        { name: 'login-failures-ip', ...limits.loginPerIp },
        { name: 'login-failures-account-ip', ...limits.loginPerAccount, key: emailAndAddressKey },
      ],
      {
        isFailure: (error) => error instanceof NotAuthenticatedError,
        onFailure: async (request) => {
          if (!(await underAttack(request))) return;
          const { max, windowMs } = limits.loginAlertPerAccount;
          await services.auth.warnOfFailedLogins(emailKey(request), { failures: max, minutes: windowMs / 60_000 });
        },
      },
    );
    route(
      scope,
      login,
      async (request) => ({
        data: await loginTries.attempt(request, () =>
          services.auth.login(request.body.email, request.body.password, clientInfoOf(request)),
        ),
      }),
      { preHandler: loginTries.preHandler },
    );
    route(
      scope,
      requestReset,
      async (request) => ({ data: await services.auth.requestReset(request.body.email, clientInfoOf(request)) }),
      {
        preHandler: [
          rateLimit(app, { name: 'reset-ip', ...limits.resetPerIp }),
          rateLimit(app, { name: 'reset-account-ip', ...limits.resetPerAccount, key: emailAndAddressKey }),
        ],
      },
    );
    route(
      scope,
      verifyOtp,
      async (request) => ({ data: await services.auth.resetWithCode(request.body, clientInfoOf(request)) }),
      {
        preHandler: [rateLimit(app, { name: 'otp-ip', ...limits.otpPerIp })],
      },
    );
  },
  admin(scope, { services }) {
    route(scope, me, async (request) => ({ data: authOf(request).user }));
    route(scope, logout, async (request) => {
      await services.auth.logout(authOf(request));
      return { data: SERVER_MESSAGES.loggedOut };
    });
    route(scope, changePassword, async (request) => {
      await services.auth.changePassword(authOf(request), request.body);
      return { data: SERVER_MESSAGES.passwordChangedData };
    });
  },
};
