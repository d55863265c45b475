import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Downloads a file from another site for an import (docs/product.md#import), so that an export cannot turn
 * the server against its own network: only http(s), only the hosts the caller allows, never an address
 * that is private, loopback, link-local or otherwise not public unicast (checked on the address actually
 * connected to, so a DNS answer that changes between check and connection changes nothing), a size limit
 * counted on the bytes received, one deadline for the whole download, and at most 3 redirects, each
 * checked the same way. `trustedHosts` (`host:port`) skip the address check: tests' local servers.
 */
export interface SafeFetchOptions {
  allowedHosts: ReadonlySet<string>;
  trustedHosts?: ReadonlySet<string>;
  maxBytes: number;
  timeoutMs: number;
}

export class FetchRefused extends Error {
  constructor(
    message: string,
    /** Worth another try (a time-out, a 5xx, a dropped connection). */
    readonly retry = false,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

const isPublic = (address: string) => {
  try {
    const parsed = ipaddr.process(address);
    // `::a.b.c.d` (IPv4-compatible, deprecated) is called unicast by ipaddr.js but may reach an IPv4 host.
    if (
      parsed.kind() === 'ipv6' &&
      parsed
        .toByteArray()
        .slice(0, 12)
        .every((byte) => byte === 0)
    )
      return false;
    return parsed.range() === 'unicast';
  } catch {
    return false;
  }
};

/** A DNS lookup that refuses every non-public address it finds. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    const refused = list.find((entry) => !isPublic(entry.address));
    if (refused || !list.length) {
      return callback(
        Object.assign(new Error(`address not public: ${refused?.address ?? hostname}`), { code: 'ENOTPUBLIC' }),
        '',
        0,
      );
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

function getOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal) {
  return new Promise<{ status: number; location?: string; type: string; body: Buffer }>((resolve, reject) => {
    const trusted = options.trustedHosts?.has(url.host) ?? false;
    if (
      !trusted &&
      ipaddr.isValid(url.hostname.replace(/^\[|\]$/g, '')) &&
      !isPublic(url.hostname.replace(/^\[|\]$/g, ''))
    ) {
      return reject(new FetchRefused(`address not public: ${url.hostname}`));
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { signal, lookup: trusted ? undefined : publicLookup, headers: { 'user-agent': 'site-import/1' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ status, location: response.headers.location, type: '', body: Buffer.alloc(0) });
        }
        if (status !== 200) {
          response.resume();
          return reject(new FetchRefused(`HTTP ${status}`, status >= 500 || status === 429));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          return reject(new FetchRefused(`larger than ${options.maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new FetchRefused(`larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, type: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }),
        );
        response.on('error', (err) => reject(new FetchRefused(err.message, true)));
      },
    );
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (signal.aborted) reject(new FetchRefused('timed out', true));
      // A name that does not exist, or an address not public, stays so: no second try.
      else if (err.code === 'ENOTPUBLIC' || err.code === 'ENOTFOUND') reject(new FetchRefused(err.message));
      else reject(new FetchRefused(err.message, true));
    });
  });
}

export async function safeFetch(address: string, options: SafeFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused('not an address');
  }
  for (let hop = 0; hop <= 3; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('not http(s)');
    if (!options.allowedHosts.has(url.hostname.toLowerCase()) && !options.trustedHosts?.has(url.host)) {
      throw new FetchRefused(`host not named by the export: ${url.hostname}`);
    }
    const answer = await getOnce(url, options, signal);
    if (!answer.location) return answer.body;
    url = new URL(answer.location, url);
  }
  throw new FetchRefused('too many redirects');
}
