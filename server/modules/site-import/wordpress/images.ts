import { escapeHtml } from '#server/lib/escape-html.ts';
import type { AttachmentLookup } from './attachments';

/**
 * The images of a post's HTML: each `<img>` gets an absolute address on the old site (a relative
 * `/wp-content/…` is read against the site's address), a WordPress size variant (`photo-300x200.jpg`) is
 * replaced by its attachment's own address when the export has that attachment, and `srcset`/`sizes` are
 * dropped (they name the old site's variants; the site makes its own). The addresses found are returned,
 * each once, for the job to fetch.
 */

const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** An address as an absolute http(s) one, read against `base`; null for `data:` and anything else. */
export function absoluteUrl(address: string, base: string): string | null {
  try {
    const url = base ? new URL(address.trim(), `${base}/`) : new URL(address.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function rewriteImages(
  html: string,
  base: string,
  lookup: AttachmentLookup,
): { html: string; images: string[] } {
  const images = new Set<string>();
  const out = html.replace(/<img\b([^>]*?)(\/?)>/gi, (tag, body: string) => {
    const parts: string[] = [];
    for (const match of body.matchAll(ATTRIBUTE)) {
      const name = match[1]!.toLowerCase();
      const raw = match[2] ?? match[3] ?? match[4];
      if (name === 'srcset' || name === 'sizes') continue;
      if (name === 'src' && raw !== undefined) {
        const absolute = absoluteUrl(decodeAttribute(raw), base);
        if (absolute) {
          const src = lookup.original(absolute);
          images.add(src);
          parts.push(`src="${escapeHtml(src)}"`);
          continue;
        }
      }
      parts.push(raw === undefined ? name : `${name}="${raw.replace(/"/g, '&quot;')}"`);
    }
    return parts.length > 0 ? `<img ${parts.join(' ')}>` : tag;
  });
  return { html: out, images: [...images] };
}
