import { createHmac, randomBytes } from 'node:crypto';

/**
 * The nonce of a shared render: a keyed hash of the page's cache key and the content version, so every
 * process renders the same page to the same bytes and ETag (docs/decisions/0011-shared-page-cache.md).
 * Without the secret (kept in the database, never sent) nobody can tell the nonce of a future page.
 */
export function sharedNonce(secret: Buffer, key: string, version: number): string {
  return createHmac('sha256', secret).update(`${version}\n${key}`).digest('hex').slice(0, 32);
}

/** The nonce of a render for one request only (admin screens, previews, uncached pages). */
export const requestNonce = (): string => randomBytes(16).toString('hex');
