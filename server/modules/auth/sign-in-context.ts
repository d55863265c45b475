import type { SignInMethod } from '#shared/sign-in.ts';

/** Where a sign-in comes from, as the route sees it: kept with the session it makes (sessions list, activity log). */
export interface ClientInfo {
  /** The client address as the rate limits see it (server/plugins/rate-limits.ts clientAddress). */
  address: string;
  userAgent: string;
}

export interface SignInContext extends ClientInfo {
  method: SignInMethod;
}

/**
 * The part of an address a person may see of their own sessions and the log keeps: an IPv4 /24 or an IPv6
 * /48 ("203.0.113.x"), never the whole address (the privacy promise of docs/product.md#sessions).
 */
export function addressPrefix(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (address.includes(':')) {
    const [head] = address.split('::');
    const groups = (head ?? '').split(':').filter(Boolean).slice(0, 3);
    while (groups.length < 3) groups.push('0');
    return `${groups.join(':')}::/48`;
  }
  return '';
}

/** A User-Agent as stored: bounded, so a client cannot fill a row. */
export const storedUserAgent = (userAgent: string | undefined): string => (userAgent ?? '').slice(0, 400);
