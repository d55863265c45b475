import { attrs as parseAttrs, type ShortcodeAttrs } from '@wordpress/shortcode';
import { WORDPRESS_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import type { Attachment, AttachmentLookup } from './attachments';
import { embedHtml, linkTo, parseWebUrl } from './embeds';

/**
 * WordPress's shortcodes in content, turned into plain HTML the site keeps: `[caption]` and `[gallery]` into
 * figures, `[embed]` into a video frame or a link, `[video]`/`[audio]` into links (the site's rich text has no
 * players). Any other shortcode is a plugin's, whose output the export does not have: it is removed, the
 * text inside it kept, and the report names it.
 *
 * The rules are WordPress's (`get_shortcode_regex()`: a shortcode's content runs to the first closing tag of
 * its name, `[[x]]` is the text `[x]`) and attributes are read by its own parser (@wordpress/shortcode's
 * `attrs`), but tags are found in one pass over the text: WordPress's expression looks for a closing tag from
 * every opening one, which takes seconds on a post of a few thousand shortcodes that never close.
 */

/** Shortcode names as plugins write them; `[1]` or `[Update: …]` in prose are not taken for one. */
const TAG = /\[(\/?)([a-z][a-z0-9_-]*)(?![\w-])([^[\]]*)\]/g;
/** Shortcodes inside shortcodes are converted this deep; deeper ones are left as they are. */
const MAX_DEPTH = 16;
/** Shortcodes whose HTML is a block of its own (figures, frames, a link in its paragraph). */
const BLOCK_SHORTCODES = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'video', 'audio']);

interface Tag {
  start: number;
  end: number;
  name: string;
  closing: boolean;
  attrText: string;
}

function findTags(text: string): Tag[] {
  const tags: Tag[] = [];
  for (const match of text.matchAll(TAG)) {
    const closing = match[1] === '/';
    if (closing && match[3]!.trim()) continue;
    const start = match.index;
    tags.push({ start, end: start + match[0].length, name: match[2]!, closing, attrText: match[3]! });
  }
  return tags;
}

interface Found {
  tag: Tag;
  /** The text between the tags, undefined for a shortcode without closing tag. */
  inner: string | undefined;
  end: number;
  /** The index in the tag list after the shortcode. */
  next: number;
}

/** Each shortcode of `text`, left to right, paired with its closing tag as WordPress pairs them. */
function* shortcodes(text: string, tags: Tag[]): Generator<Found> {
  const closers = new Map<string, number[]>();
  tags.forEach((tag, index) => {
    if (!tag.closing) return;
    const list = closers.get(tag.name);
    if (list) list.push(index);
    else closers.set(tag.name, [index]);
  });
  const next = new Map<string, number>();
  for (let i = 0; i < tags.length;) {
    const tag = tags[i]!;
    if (tag.closing) {
      i += 1;
      continue;
    }
    const list = closers.get(tag.name) ?? [];
    let at = next.get(tag.name) ?? 0;
    while (at < list.length && tags[list[at]!]!.start < tag.end) at += 1;
    next.set(tag.name, at);
    const selfClosing = tag.attrText.trimEnd().endsWith('/');
    const closer = !selfClosing && at < list.length ? list[at]! : -1;
    if (closer >= 0) {
      const end = tags[closer]!.end;
      yield { tag, inner: text.slice(tag.end, tags[closer]!.start), end, next: closer + 1 };
      i = closer + 1;
    } else {
      yield { tag, inner: undefined, end: tag.end, next: i + 1 };
      i += 1;
    }
  }
}

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

  /** The HTML of one shortcode, or null when it is prose in brackets. */
  const render = (name: string, attrText: string, inner: string | undefined, depth: number): string | null => {
    const a = parseAttrs(attrText.replace(/\/\s*$/, ''));
    const body = inner ?? '';
    if (name === 'caption' || name === 'wp_caption') return caption(a, convert(body, depth + 1));
    if (name === 'gallery') return gallery(a);
    if (name === 'embed') return embedHtml((body.trim() || named(a, 'src')).replace(/&amp;/g, '&')) ?? body;
    if (name === 'video' || name === 'audio') return media(name, a);
    // A lone bracketed phrase with words but no `name=value` ("[citation needed]") is prose.
    if (inner === undefined && a.numeric.length > 0 && Object.keys(a.named).length === 0) return null;
    if (!unknown.has(name)) problems.push(M.unknownShortcode(name));
    unknown.add(name);
    return convert(body, depth + 1);
  };

  function convert(text: string, depth: number): string {
    const tags = depth > MAX_DEPTH ? [] : findTags(text);
    if (tags.length === 0) return text;
    let out = '';
    let last = 0;
    for (const found of shortcodes(text, tags)) {
      const { tag, inner, end } = found;
      // `[[gallery]]` is how WordPress writes a shortcode as text.
      if (text[tag.start - 1] === '[' && text[end] === ']' && tag.start - 1 >= last) {
        out += text.slice(last, tag.start - 1) + text.slice(tag.start, end);
        last = end + 1;
        continue;
      }
      const html = render(tag.name, tag.attrText, inner, depth);
      if (html === null) continue;
      out += text.slice(last, tag.start) + html;
      last = end;
    }
    return out + text.slice(last);
  }

  try {
    return { html: convert(content, 0), galleryIds, problems };
  } finally {
    // The parser remembers every attribute text it was given (memize): forgotten after each post.
    parseAttrs.clear();
  }
}

/**
 * A paragraph that holds one shortcode and nothing else loses its `<p>` (WordPress's `shortcode_unautop`)
 * when the shortcode makes a block, or makes nothing (an unknown one without content); an unknown
 * shortcode's text stays in its paragraph.
 */
export const unautopShortcodes = (html: string) =>
  html.replace(/<p>([^<]*(?:<(?!\/?p\b)[^<]*)*?)(?:<br \/>)?\s*<\/p>/g, (paragraph, inner: string) => {
    const text = inner.trim();
    if (!text.startsWith('[') || !text.endsWith(']')) return paragraph;
    const tags = findTags(text);
    const first = tags.length > 0 ? shortcodes(text, tags).next() : null;
    if (!first || first.done || first.value.tag.start !== 0 || first.value.end !== text.length) return paragraph;
    return BLOCK_SHORTCODES.has(first.value.tag.name) || first.value.inner === undefined ? text : paragraph;
  });
