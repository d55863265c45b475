import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { changePasswordSchema, loginSchema, resetRequestSchema, verifyOtpSchema } from '#shared/schemas/auth.ts';
import { authOf, requireAdmin } from '#server/plugins/auth.ts';
import { rateLimit, type LimitRule } from '#server/plugins/rate-limits.ts';
import type { Services } from '#server/services.ts';

type Limit = Pick<LimitRule, 'max' | 'windowMs'>;
export interface AuthRouteLimits {
  loginPerIp: Limit;
  loginPerAccount: Limit;
  resetPerIp: Limit;
  resetPerAccount: Limit;
  otpPerIp: Limit;
}

const emailKey = (request: { body: unknown }) =>
  String((request.body as { email?: string }).email ?? '')
    .trim()
    .toLowerCase();

export const authRoutes =
  (services: Services, limits: AuthRouteLimits): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (name: string, rule: Limit, key?: LimitRule['key']) => rateLimit(app, { name, ...rule, key });

    app.post(
      '/auth/login-user',
      {
        schema: { body: loginSchema },
        preHandler: [limit('login-ip', limits.loginPerIp), limit('login-account', limits.loginPerAccount, emailKey)],
      },
      async (request) => ({ data: await services.auth.login(request.body.email, request.body.password) }),
    );

    app.post(
      '/auth/reset-password',
      {
        schema: { body: resetRequestSchema },
        preHandler: [limit('reset-ip', limits.resetPerIp), limit('reset-account', limits.resetPerAccount, emailKey)],
      },
      async (request) => ({ data: await services.auth.requestReset(request.body.email) }),
    );

    app.post(
      '/auth/verify-otp',
      { schema: { body: verifyOtpSchema }, preHandler: [limit('otp-ip', limits.otpPerIp)] },
      async (request) => ({ data: await services.auth.resetWithCode(request.body) }),
    );

    // Endpoints for the logged-in administrator.
    await app.register(async (scope) => {
      const admin = scope.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', requireAdmin(services.auth));

      admin.get('/auth/me', async (request) => ({ data: authOf(request).user }));

      admin.post('/auth/logout', async (request) => {
        await services.auth.logout(authOf(request));
        return { data: SERVER_MESSAGES.loggedOut };
      });

      admin.post('/auth/change-password', { schema: { body: changePasswordSchema } }, async (request) => {
        await services.auth.changePassword(authOf(request), request.body);
        return { data: 'Password changed' };
      });
    });
  };
