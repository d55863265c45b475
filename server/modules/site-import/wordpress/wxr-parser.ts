import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { WORDPRESS_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import { SourceRefused } from '#server/modules/site-import/source.ts';
import { detach } from './text';
import {
  WXR_META_KEYS,
  type ChannelField,
  type RawAuthor,
  type RawItem,
  type RawTerm,
  type WxrEvent,
} from './wxr-records';

/**
 * Streams a WordPress export (WXR 1.x) with saxes, which never expands entities of a DTD: the file is read in
 * chunks and each author, term and item is yielded as soon as it closes, so memory holds one item at a time
 * (docs/decisions/0038-import.md). Anything that is not a WordPress export is refused with SourceRefused.
 */

const CHUNK_BYTES = 256 * 1024;
/** One field (a post's content) may be this large; beyond it the file is refused rather than held. */
const MAX_FIELD_MB = 64;
const MAX_FIELD_CHARS = MAX_FIELD_MB * 1024 * 1024;

/** Namespace addresses → the prefixes WordPress writes, whatever prefix a file binds them to. */
const NAMESPACES: [RegExp, string][] = [
  [/^https?:\/\/wordpress\.org\/export\/1\.\d+\/excerpt\/$/, 'excerpt'],
  [/^https?:\/\/wordpress\.org\/export\/1\.\d+\/$/, 'wp'],
  [/^https?:\/\/purl\.org\/rss\/1\.0\/modules\/content\/$/, 'content'],
  [/^https?:\/\/purl\.org\/dc\/elements\/1\.1\/$/, 'dc'],
];
const WP_NAMESPACE = NAMESPACES[1]![0];

const CHANNEL_FIELDS = new Set<string>(['title', 'link', 'wp:wxr_version', 'wp:base_site_url', 'wp:base_blog_url']);

const ITEM_FIELDS: Record<string, keyof RawItem> = {
  title: 'title',
  link: 'link',
  'dc:creator': 'creator',
  'content:encoded': 'content',
  'excerpt:encoded': 'excerpt',
  'wp:post_id': 'id',
  'wp:post_date': 'date',
  'wp:post_date_gmt': 'dateGmt',
  'wp:post_modified': 'modified',
  'wp:post_modified_gmt': 'modifiedGmt',
  'wp:post_name': 'slug',
  'wp:status': 'status',
  'wp:post_parent': 'parent',
  'wp:post_type': 'type',
  'wp:post_password': 'password',
  'wp:attachment_url': 'attachmentUrl',
};

function canonicalName(tag: { uri: string; local: string; name: string }): string {
  if (!tag.uri) return tag.local;
  const known = NAMESPACES.find(([pattern]) => pattern.test(tag.uri));
  return known ? `${known[1]}:${tag.local}` : `{${tag.uri}}${tag.local}`;
}

const emptyItem = (line: number): RawItem => ({
  line,
  id: '',
  type: '',
  status: '',
  title: '',
  link: '',
  creator: '',
  content: '',
  excerpt: '',
  date: '',
  dateGmt: '',
  modified: '',
  modifiedGmt: '',
  slug: '',
  parent: '',
  password: '',
  attachmentUrl: '',
  terms: [],
  meta: new Map(),
  comments: 0,
});

function toAuthor(fields: Map<string, string>): RawAuthor {
  return {
    id: fields.get('wp:author_id') ?? '',
    login: fields.get('wp:author_login') ?? '',
    email: fields.get('wp:author_email') ?? '',
    displayName: fields.get('wp:author_display_name') ?? '',
    firstName: fields.get('wp:author_first_name') ?? '',
    lastName: fields.get('wp:author_last_name') ?? '',
  };
}

function toTerm(kind: 'category' | 'tag', fields: Map<string, string>): RawTerm {
  return kind === 'category'
    ? {
        kind,
        id: fields.get('wp:term_id') ?? '',
        slug: fields.get('wp:category_nicename') ?? '',
        name: fields.get('wp:cat_name') ?? '',
        parent: fields.get('wp:category_parent') ?? '',
      }
    : {
        kind,
        id: fields.get('wp:term_id') ?? '',
        slug: fields.get('wp:tag_slug') ?? '',
        name: fields.get('wp:tag_name') ?? '',
        parent: '',
      };
}

/** saxes prefixes its messages with the position, which the refusal names itself. */
const bareMessage = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/^(?:[^:]*:)?\d+:\d+: /, '');

/**
 * A DOCTYPE is refused before saxes reads it, while only the prolog has been seen: a billion-laughs
 * declaration is never accumulated. Only the text before the root element's `<name` counts, so a post
 * about HTML that quotes `<!DOCTYPE html>` is not mistaken for one.
 */
class PrologGuard {
  private tail = '';
  private done = false;

  check(chunk: string) {
    if (this.done) return;
    const text = this.tail + chunk;
    const root = /<[A-Za-z_]/.exec(text);
    const prolog = root ? text.slice(0, root.index) : text;
    if (/<!DOCTYPE/i.test(prolog)) throw new SourceRefused(M.doctype);
    if (root) this.done = true;
    this.tail = text.slice(-9);
  }
}

/** Reads the export at `path`, yielding its records in file order. */
export async function* readWxr(path: string): AsyncGenerator<WxrEvent> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const out: WxrEvent[] = [];
  const stack: string[] = [];
  let sawRoot = false;
  let wxrVersion = '';

  let capture: { parts: string[]; size: number; line: number } | null = null;
  let container: { kind: 'author' | 'category' | 'tag'; fields: Map<string, string> } | null = null;
  let item: RawItem | null = null;
  let meta: { key: string; value: string } | null = null;
  let leafName = '';

  const startCapture = (name: string) => {
    leafName = name;
    capture = { parts: [], size: 0, line: parser.line };
  };
  /** Every field but the content is detached from the chunk it was read in (./text.ts). */
  const takeCapture = (keepSlices: boolean) => {
    const text = capture ? capture.parts.join('') : '';
    capture = null;
    return keepSlices ? text : detach(text);
  };
  const onText = (text: string) => {
    if (!capture) return;
    capture.size += text.length;
    if (capture.size > MAX_FIELD_CHARS) throw new SourceRefused(M.fieldTooLarge(capture.line, MAX_FIELD_MB));
    capture.parts.push(text);
  };

  parser.on('doctype', () => {
    throw new SourceRefused(M.doctype);
  });
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('opentag', (tag: SaxesTagNS) => {
    const depth = stack.length;
    const name = canonicalName(tag);
    stack.push(name);
    if (depth === 0) {
      sawRoot = true;
      if (tag.local !== 'rss' || tag.uri) throw new SourceRefused(M.notRss(tag.name));
      if (!Object.values(tag.ns).some((uri) => WP_NAMESPACE.test(uri))) throw new SourceRefused(M.rssWithoutWordPress);
      return;
    }
    const parent = stack[depth - 1];
    if (depth === 2 && parent === 'channel') {
      if (name === 'item') {
        if (!wxrVersion) throw new SourceRefused(M.noWxrVersion);
        item = emptyItem(parser.line);
      } else if (name === 'wp:author') container = { kind: 'author', fields: new Map() };
      else if (name === 'wp:category') container = { kind: 'category', fields: new Map() };
      else if (name === 'wp:tag') container = { kind: 'tag', fields: new Map() };
      else if (CHANNEL_FIELDS.has(name)) startCapture(name);
      return;
    }
    if (depth === 3 && container) {
      startCapture(name);
      return;
    }
    if (depth === 3 && item) {
      if (name === 'wp:comment') item.comments += 1;
      else if (name === 'wp:postmeta') meta = { key: '', value: '' };
      else if (name === 'category') {
        leafName = 'category';
        capture = { parts: [], size: 0, line: parser.line };
        item.terms.push({
          domain: tag.attributes.domain?.value ?? '',
          slug: tag.attributes.nicename?.value ?? '',
          name: '',
        });
      } else if (name in ITEM_FIELDS) startCapture(name);
      return;
    }
    if (depth === 4 && meta && parent === 'wp:postmeta') {
      if (name === 'wp:meta_key' || (name === 'wp:meta_value' && WXR_META_KEYS.has(meta.key))) startCapture(name);
    }
  });

  parser.on('closetag', () => {
    const name = stack.pop();
    const depth = stack.length;
    if (capture && name === leafName) {
      const value = takeCapture(name === 'content:encoded');
      if (depth === 2) {
        if (name === 'wp:wxr_version') wxrVersion = value.trim();
        out.push({ kind: 'channel', name: name as ChannelField, value: value.trim() });
      } else if (depth === 3 && container) container.fields.set(name, value.trim());
      else if (depth === 3 && item) {
        if (name === 'category') item.terms[item.terms.length - 1]!.name = value.trim();
        else {
          const field = ITEM_FIELDS[name]!;
          (item as unknown as Record<string, string>)[field] = field === 'content' ? value : value.trim();
        }
      } else if (depth === 4 && meta) {
        if (name === 'wp:meta_key') meta.key = value.trim();
        else meta.value = value;
      }
      return;
    }
    if (depth === 3 && meta && name === 'wp:postmeta') {
      if (item && WXR_META_KEYS.has(meta.key)) item.meta.set(meta.key, meta.value.trim());
      meta = null;
    } else if (depth === 2 && name === 'item' && item) {
      out.push({ kind: 'item', item });
      item = null;
    } else if (depth === 2 && container) {
      out.push(
        container.kind === 'author'
          ? { kind: 'author', author: toAuthor(container.fields) }
          : { kind: 'term', term: toTerm(container.kind, container.fields) },
      );
      container = null;
    } else if (depth === 1 && name === 'channel' && !wxrVersion) {
      throw new SourceRefused(M.noWxrVersion);
    }
  });

  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
  const guard = new PrologGuard();
  let first = true;
  let wroteAny = false;
  try {
    for await (const piece of stream) {
      let chunk = piece as string;
      if (first) {
        chunk = chunk.replace(/^\uFEFF/, '');
        first = false;
      }
      if (chunk.length > 0) wroteAny = true;
      guard.check(chunk);
      write(parser, chunk);
      if (out.length > 0) {
        yield* out;
        out.length = 0;
      }
    }
    if (!wroteAny) throw new SourceRefused(M.empty);
    if (!sawRoot) write(parser, null);
    else {
      try {
        parser.close();
      } catch (error) {
        throw error instanceof SourceRefused ? error : new SourceRefused(M.truncated(parser.line));
      }
    }
    if (!wxrVersion) throw new SourceRefused(M.noWxrVersion);
    yield* out;
  } finally {
    stream.destroy();
  }
}

/** Feeds saxes (or closes it on `null`), turning its errors into a refusal that names the line. */
function write(parser: SaxesParser<{ xmlns: true; position: true }>, chunk: string | null) {
  try {
    if (chunk === null) parser.close();
    else parser.write(chunk);
  } catch (error) {
    if (error instanceof SourceRefused) throw error;
    throw new SourceRefused(M.notXml(parser.line, bareMessage(error)));
  }
}
