import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { withCriticalCss, withoutModulePreloads } from './lib/first-paint.server';
import { withModulesAfterFirstPaint } from './lib/modules-after-paint.server';
import { isAdminPage } from './lib/page-kind';
import { NonceContext } from './lib/nonce';
import './lib/load-context';

export const streamTimeout = 5000;

/**
 * Renders the whole document before answering (onAllReady): search engines and the page cache get the
 * complete HTML, and public pages have nothing to stream anyway. The finished HTML then gets the CSS it
 * uses inlined in its head, so the first paint waits for no stylesheet (lib/critical-css.ts), and public
 * pages lose their module preloads and fetch their modules after it (lib/modules-after-paint.server.ts), so
 * no script download competes with that paint.
 *
 * React's Node build, not its Web-streams one: in Node the latter renders at half the speed, which costs
 * more than the async hook the Node build leaves on (docs/decisions/0011-shared-page-cache.md, "What a hit
 * costs beyond Node").
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext;
  let timer: NodeJS.Timeout | undefined;
  const rendered = new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const app = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('error', reject);
        body.on('end', () => {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const html = withCriticalCss(Buffer.concat(chunks).toString('utf8'));
          const admin = isAdminPage(routerContext.staticHandlerContext.matches.map((match) => match.route.id));
          resolve(
            new Response(admin ? html : withModulesAfterFirstPaint(withoutModulePreloads(html)), {
              headers: responseHeaders,
              status,
            }),
          );
        });
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        console.error(error);
      },
    });
    timer = setTimeout(abort, streamTimeout + 1000);
  });
  // A finished render lets go of its time-out at once: left to run, each held its render (request, data,
  // the React tree) for six seconds, thousands of them in a burst of uncached renders.
  return rendered.finally(() => clearTimeout(timer));
}
