import type { OutgoingHttpHeaders } from 'node:http';

/**
 * What a rendered page is while it is delivered and kept: as React Router answered it, then with its
 * compressed bodies and the headers of its first answer (docs/decisions/0003-page-cache.md,
 * 0011-shared-page-cache.md).
 */

/** A rendered page as React Router answered it, before it is sent for the first time. */
export interface RenderedPage {
  version: number;
  status: number;
  /** The renderer's own headers (content-type …), set-cookie last. */
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** Content-Security-Policy allowing exactly this page's inline scripts (production). */
  csp?: string;
}

export type Encoding = 'br' | 'gzip';

/**
 * What a cache hit sends: every header computed once, per encoding, with the body in that encoding. `raw`
 * is the same headers as the flat name/value list `writeHead` takes without further work.
 */
export interface Wire {
  headers: OutgoingHttpHeaders;
  raw: string[];
  body: Buffer;
}

export interface CachedPage extends RenderedPage {
  /** The body compressed ahead of its first answer in that encoding (see `compressAhead`). */
  compressed?: Partial<Record<Encoding, Buffer>>;
  compressing?: Partial<Record<Encoding, Promise<Buffer>>>;
  /**
   * The headers of the first answer of this page (security headers included, per-request ones left out),
   * captured when it was sent; hits answer with them as they are. Unset until that first answer.
   */
  wire?: {
    identity: Wire;
    br?: Wire;
    gzip?: Wire;
    notModified: string[];
    compressible: boolean;
    /** The route pattern of the first answer (metrics count hits under it). */
    route: string | undefined;
  };
}
