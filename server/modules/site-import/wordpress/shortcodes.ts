import { attrs as parseAttrs, regexp as shortcodeRegexp, type ShortcodeAttrs } from '@wordpress/shortcode';
import { WORDPRESS_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import type { Attachment, AttachmentLookup } from './attachments';
import { embedHtml, linkTo, parseWebUrl } from './embeds';

/**
 * WordPress's shortcodes in content, read with WordPress's own parser (@wordpress/shortcode, the same
 * expression as `get_shortcode_regex()`), turned into plain HTML the site keeps: `[caption]` and `[gallery]`
 * into figures, `[embed]` into a video frame or a link, `[video]`/`[audio]` into links (the site's rich text
 * has no players). Any other shortcode is a plugin's, whose output the export does not have: it is removed,
 * the text inside it kept, and the report names it.
 */

/** Shortcode names as WordPress plugins write them; `[1]` or `[Update: …]` in prose are not taken for one. */
const NAME = '[a-z][a-z0-9_-]*';

export interface ShortcodeResult {
  html: string;
  /** Attachment ids that galleries named, for the caller to report those not in the export. */
  galleryIds: string[];
  problems: string[];
}

const named = (a: ShortcodeAttrs, ...keys: string[]) => {
  for (const key of keys) {
    const value = a.named[key]?.trim();
    if (value) return value;
  }
  return '';
};

function figure(image: Attachment): string {
  const img = `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}">`;
  return image.caption
    ? `<figure>${img}<figcaption>${escapeHtml(image.caption)}</figcaption></figure>`
    : `<figure>${img}</figure>`;
}

/** `[caption]<a><img></a> Text[/caption]` (or the older `caption="Text"`): the image, then its caption. */
function caption(a: ShortcodeAttrs, content: string): string {
  const match = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(content);
  if (!match) return content;
  const text = match[2]!.trim() || escapeHtml(named(a, 'caption'));
  return text ? `<figure>${match[1]}<figcaption>${text}</figcaption></figure>` : `<figure>${match[1]}</figure>`;
}

export function convertShortcodes(content: string, postId: string, lookup: AttachmentLookup): ShortcodeResult {
  const galleryIds: string[] = [];
  const problems: string[] = [];
  const unknown = new Set<string>();

  const gallery = (a: ShortcodeAttrs) => {
    const ids = named(a, 'ids', 'include')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => /^\d+$/.test(id));
    if (ids.length === 0) return lookup.childrenOf(postId).map(figure).join('\n');
    galleryIds.push(...ids);
    return ids
      .map((id) => lookup.byId(id))
      .filter((image): image is Attachment => image !== undefined)
      .map(figure)
      .join('\n');
  };

  const media = (kind: 'video' | 'audio', a: ShortcodeAttrs) => {
    const keys = kind === 'video' ? ['src', 'mp4', 'm4v', 'webm', 'ogv', 'mov'] : ['src', 'mp3', 'm4a', 'ogg', 'wav'];
    const url = parseWebUrl(named(a, ...keys));
    if (!url) {
      problems.push(M.mediaWithoutSource(kind));
      return '';
    }
    problems.push(M.mediaAsLink(kind, url.href));
    return `<p>${linkTo(url.href)}</p>`;
  };

  const convert = (text: string): string =>
    text.replace(
      shortcodeRegexp(NAME),
      (
        whole,
        open: string,
        name: string,
        attrText: string,
        _self,
        inner: string | undefined,
        _closing,
        close: string,
      ) => {
        // `[[gallery]]` is how WordPress writes a shortcode as text.
        if (open === '[' && close === ']') return whole.slice(1, -1);
        const a = parseAttrs(attrText);
        const body = inner ?? '';
        let html: string;
        if (name === 'caption' || name === 'wp_caption') html = caption(a, convert(body));
        else if (name === 'gallery') html = gallery(a);
        else if (name === 'embed') html = embedHtml((body.trim() || named(a, 'src')).replace(/&amp;/g, '&')) ?? body;
        else if (name === 'video' || name === 'audio') html = media(name, a);
        // A lone bracketed phrase with words but no `name=value` ("[citation needed]") is prose.
        else if (inner === undefined && a.numeric.length > 0 && Object.keys(a.named).length === 0) return whole;
        else {
          if (!unknown.has(name)) problems.push(M.unknownShortcode(name));
          unknown.add(name);
          html = convert(body);
        }
        return open + html + close;
      },
    );

  return { html: convert(content), galleryIds, problems };
}

/** A paragraph that holds one shortcode and nothing else loses its `<p>` (WordPress's `shortcode_unautop`). */
export const unautopShortcodes = (html: string) =>
  html.replace(/<p>([\s\S]*?)(?:<br \/>)?\s*<\/p>/g, (paragraph, inner: string) => {
    const text = inner.trim();
    const match = shortcodeRegexp(NAME).exec(text);
    return match && match.index === 0 && match[0].length === text.length ? text : paragraph;
  });
