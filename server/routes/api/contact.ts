import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendMailSchema } from '#shared/schemas/contact.ts';
import { rateLimit, type LimitRule } from '#server/plugins/rate-limits.ts';
import type { Services } from '#server/services.ts';

export interface ContactRouteLimits {
  /** Messages one address may send per window (issue 2: readable 429 above it). */
  contactPerIp: Pick<LimitRule, 'max' | 'windowMs'>;
}

export const contactRoutes =
  (services: Services, limits: ContactRouteLimits): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/send-mail',
      {
        schema: { body: sendMailSchema },
        preHandler: rateLimit(app, { name: 'contact-ip', ...limits.contactPerIp }),
        bodyLimit: 64 * 1024,
      },
      async (request) => {
        await services.contact.receive(request.body, request.ip);
        return { data: { message: 'Thank you, your message has been received.' } };
      },
    );
  };
