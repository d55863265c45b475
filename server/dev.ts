import path from 'node:path';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer } from 'vite';
import { buildApp } from './app';
import { boot } from './boot';
import { loadConfig } from './config';

/**
 * `npm run dev`: the same Fastify app with Vite in middleware mode. App code hot-reloads through Vite;
 * server code restarts through `tsx watch`.
 */
const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const { services } = await boot(config);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });
const app = await buildApp({
  services,
  ssr: {
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    mode: 'development',
    cache: false,
  },
  before: async (instance) => {
    // The production build copies TinyMCE into build/client; in development it is served where npm put it.
    await instance.register(fastifyStatic, {
      root: path.resolve('node_modules/tinymce'),
      prefix: '/tinymce/',
      decorateReply: false,
    });
    await instance.register(middie);
    instance.use((req, res, next) => {
      if (/^\/(api|uploads|tinymce)\//.test(req.url ?? '')) return next();
      vite.middlewares(req, res, next);
    });
    instance.addHook('onClose', () => vite.close());
  },
});
services.mailWorker.start();
services.jobs.start();
services.importRunner.start();
await app.listen({ port: config.port, host: config.host });
