import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { CachedPage, Encoding } from './page.ts';

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|javascript))/;

export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } };
const GZIP = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Whether a body of this type is worth compressing: text of more than 1 KiB. */
export const compressible = (type: string, body: Buffer) => COMPRESSIBLE.test(type) && body.length > 1024;

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);
}

/**
 * Compresses a freshly rendered page for the asker's encoding on zlib's thread pool, so its first answer
 * finds the body ready: compressing it on the event loop at the first send took a sixth of an uncached
 * render's time there (`PROF_DIR=… npm run bench`). Requests sharing the render share the compression;
 * a failure leaves the first send to compress as before.
 */
export function compressAhead(page: CachedPage, acceptEncoding: string | undefined): Promise<void> | undefined {
  const encoding = pickEncoding(acceptEncoding);
  if (!encoding || page.wire?.[encoding] || page.compressed?.[encoding]) return;
  if (!compressible(page.headers.find(([name]) => name === 'content-type')?.[1] ?? '', page.body)) return;
  page.compressing ??= {};
  const pending = (page.compressing[encoding] ??=
    encoding === 'br' ? brotliAsync(page.body, BROTLI) : gzipAsync(page.body, GZIP));
  return pending.then(
    (body) => {
      // Unless a send built this encoding's answer meanwhile (it then holds its own copy).
      if (!page.wire?.[encoding]) (page.compressed ??= {})[encoding] = body;
    },
    () => undefined,
  );
}
