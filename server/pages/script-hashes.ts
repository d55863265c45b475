import { createHash } from 'node:crypto';

/**
 * The inline scripts this render wrote, by the SHA-256 of their text as CSP wants it. Only scripts that
 * carry the render's nonce count: a `<script>` that reached the page any other way (say, through rich
 * text that slipped past the sanitiser) cannot know a nonce made for this render, so it gets no hash
 * (docs/decisions/0003-page-cache.md).
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  // Found from the nonce with indexOf rather than one regular expression over the page: that scan was 2.6 %
  // of an uncached render's time (`--cpu-prof` of wrk walking 600 posts, docs/decisions/0011).
  const attribute = `nonce="${nonce}"`;
  const closing = /<\/script>/gi;
  const hashes = new Set<string>();
  let at = html.indexOf(attribute);
  while (at >= 0) {
    const start = html.lastIndexOf('<', at);
    const end = html.indexOf('>', at);
    if (end < 0) break;
    let next = end + 1;
    // An attribute of an opening script tag without `src`: the tag is still open where the nonce stands,
    // and the nonce follows whitespace, as React writes it.
    const inOpeningTag = start >= 0 && html.lastIndexOf('>', at) < start && /\s/.test(html[at - 1] ?? '');
    const tag = inOpeningTag ? html.slice(start, end + 1) : '';
    if (/^<script\b/i.test(tag) && !/\bsrc=/i.test(tag)) {
      closing.lastIndex = end + 1;
      const close = closing.exec(html);
      if (!close) break;
      hashes.add(
        createHash('sha256')
          .update(html.slice(end + 1, close.index), 'utf8')
          .digest('base64'),
      );
      next = close.index;
    }
    at = html.indexOf(attribute, next);
  }
  return [...hashes];
}
