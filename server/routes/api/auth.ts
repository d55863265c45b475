import { SERVER_MESSAGES } from '#shared/messages.ts';
import { changePassword, login, logout, me, requestReset, verifyOtp } from '#shared/api/auth.ts';
import { authOf } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { route, type ApiRoutes } from './define';

const emailKey = (request: { body: unknown }) =>
  String((request.body as { email?: string }).email ?? '')
    .trim()
    .toLowerCase();

export const authRoutes: ApiRoutes = {
  public(scope, { services, limits }) {
    const { app } = scope;
    route(
      scope,
      login,
      async (request) => ({ data: await services.auth.login(request.body.email, request.body.password) }),
      {
        preHandler: [
          rateLimit(app, { name: 'login-ip', ...limits.loginPerIp }),
          rateLimit(app, { name: 'login-account', ...limits.loginPerAccount, key: emailKey }),
        ],
      },
    );
    route(scope, requestReset, async (request) => ({ data: await services.auth.requestReset(request.body.email) }), {
      preHandler: [
        rateLimit(app, { name: 'reset-ip', ...limits.resetPerIp }),
        rateLimit(app, { name: 'reset-account', ...limits.resetPerAccount, key: emailKey }),
      ],
    });
    route(scope, verifyOtp, async (request) => ({ data: await services.auth.resetWithCode(request.body) }), {
      preHandler: [rateLimit(app, { name: 'otp-ip', ...limits.otpPerIp })],
    });
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
