import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { finishPage } from '#app/ssr/finish-page.server.ts';
import { NonceContext } from '#app/ssr/nonce.ts';
import './lib/load-context';

export const streamTimeout = 5000;

/**
 * Renders the whole document before answering (onAllReady): search engines and the page cache get the
 * complete HTML, and public pages have nothing to stream anyway. The finished HTML is then made ready for
 * its first paint (ssr/finish-page.server.ts): the CSS it uses inlined, and on public pages no script
 * download competing with that paint.
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
          const html = finishPage(
            Buffer.concat(chunks).toString('utf8'),
            routerContext.staticHandlerContext.matches.map((match) => match.route.id),
          );
          resolve(new Response(html, { headers: responseHeaders, status }));
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
