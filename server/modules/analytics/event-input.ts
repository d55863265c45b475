/**
 * What of a counted event is kept (docs/product.md#analytics): the page's path without its query, the
 * referring site's host (never its path: it may name a person), the `utm_*` campaign fields, all cut to
 * their columns. Everything else the browser sent is dropped here.
 */

const UTM_MAX = 100;
const HOST_MAX = 255;
const PATH_MAX = 500;
/** Addresses that are never counted pages: the admin, the API, private previews, subscription links. */
const NEVER = /^\/(admin|api|preview|subscriptions|uploads|assets)(\/|$)/;

export interface PageAddress {
  path: string;
  utm: { source: string | null; medium: string | null; campaign: string | null };
}

/** Control characters (C0, DEL, C1) and halves of surrogate pairs. */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value as it may be stored: control characters (a decoded `%00` among them, which PostgreSQL refuses)
 * and broken surrogate pairs removed, lowercased first when asked (one letter can lowercase to two), then
 * cut to the column's characters.
 */
export function fitText(value: string | null, max: number, lower = false): string | null {
  if (value === null) return null;
  let text = value.replace(UNSTORABLE, '');
  if (lower) text = text.toLowerCase();
  text = text.trim().slice(0, max);
  // A cut through a pair leaves half a character.
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  return text || null;
}

/** The page of an event's `p` (path and query as the browser shows them); null: not a page of this site. */
export function pageAddressOf(sent: string): PageAddress | null {
  if (!sent.startsWith('/') || sent.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(sent, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.host !== 'site.invalid') return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (path.length > PATH_MAX || NEVER.test(path)) return null;
  const q = url.searchParams;
  return {
    path,
    utm: {
      source: fitText(q.get('utm_source') ?? q.get('ref'), UTM_MAX, true),
      medium: fitText(q.get('utm_medium'), UTM_MAX, true),
      campaign: fitText(q.get('utm_campaign'), UTM_MAX),
    },
  };
}

/**
 * The referring site's host, `www.` left out; null for none, for the site itself (a click inside the
 * site is no referral) and for anything that is not an http(s) address.
 */
export function referrerHostOf(sent: string | null | undefined, ownHost: string): string | null {
  if (!sent) return null;
  let host: string;
  try {
    const url = new URL(sent.slice(0, 4096));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
  if (!host || host === ownHost.replace(/^www\./, '')) return null;
  return host.slice(0, HOST_MAX);
}

/** The kind of device bowser names (`desktop`, `mobile`, `tablet`, `tv`), else `other`. */
export const deviceOf = (type: string) => (['desktop', 'mobile', 'tablet', 'tv'].includes(type) ? type : 'other');
