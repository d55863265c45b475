import { renderToReadableStream } from 'react-dom/server.edge';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { withCriticalCss, withoutModulePreloads } from './lib/first-paint.server';
import { withModulesAfterFirstPaint } from './lib/modules-after-paint.server';
import { isAdminPage } from './lib/page-kind';
import { NonceContext } from './lib/nonce';
import './lib/load-context';

export const streamTimeout = 5000;

/**
 * Renders the whole document before answering (`allReady`): search engines and the page cache get the
 * complete HTML, and public pages have nothing to stream anyway. The finished HTML then gets the CSS it
 * uses inlined in its head, so the first paint waits for no stylesheet (lib/critical-css.ts), and public
 * pages lose their module preloads and fetch their modules after it (lib/modules-after-paint.server.ts), so
 * no script download competes with that paint.
 *
 * React's Web-streams build (`server.edge`), not its Node one: the Node build runs every render inside an
 * AsyncLocalStorage, and in Node 20 that switches on an async hook for good, which then runs for every
 * tick, write and promise of every later request, cache hits included (docs/decisions/0011-shared-page-cache.md,
 * "No async hook on the hit path"). The Web-streams build would use one too if something set
 * `globalThis.AsyncLocalStorage` (an APM agent, a polyfill).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext;
  let status = responseStatusCode;
  const rendering = new AbortController();
  // A finished render lets go of its time-out at once: left to run, each held its render (request, data,
  // the React tree) for six seconds, thousands of them in a burst of uncached renders.
  const timer = setTimeout(() => rendering.abort(), streamTimeout + 1000);
  try {
    const stream = await renderToReadableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        signal: rendering.signal,
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
    await stream.allReady;
    const html = withCriticalCss(await textOf(stream));
    const admin = isAdminPage(routerContext.staticHandlerContext.matches.map((match) => match.route.id));
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(admin ? html : withModulesAfterFirstPaint(withoutModulePreloads(html)), {
      headers: responseHeaders,
      status,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** The whole of a finished render's stream, as text. */
async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return Buffer.concat(chunks).toString('utf8');
}
