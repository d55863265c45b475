/**
 * Just enough MIME to check e-mails in tests (no mail parser package): headers until the blank line,
 * multipart bodies, quoted-printable and base64 parts, RFC 2047 encoded words in headers.
 */

export interface MimePart {
  /** Header names in lower case, unfolded and with encoded words decoded; repeated headers joined by '\n'. */
  headers: Record<string, string>;
  contentType: string;
  /** The decoded body of a leaf part ('' for multipart containers). */
  body: string;
  parts: MimePart[];
}

export interface ParsedMail {
  headers: Record<string, string>;
  /** The first value of a header, e.g. header('Message-ID'). */
  header(name: string): string | undefined;
  text: string | undefined;
  html: string | undefined;
}

/** A whole message: its headers and its text and HTML bodies. */
export function parseMail(raw: string): ParsedMail {
  const root = parseMime(raw);
  const leaves = flatten(root);
  return {
    headers: root.headers,
    header: (name) => root.headers[name.toLowerCase()]?.split('\n')[0],
    text: leaves.find((p) => p.contentType === 'text/plain')?.body,
    html: leaves.find((p) => p.contentType === 'text/html')?.body,
  };
}

function flatten(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(flatten) : [part];
}

/** Parses a MIME entity (a whole message or one part): headers until the blank line, then the body. */
export function parseMime(raw: string): MimePart {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 2);
  const headers = parseHeaders(head);
  const contentTypeHeader = headers['content-type'] ?? 'text/plain';
  const contentType = contentTypeHeader.split(';')[0]!.trim().toLowerCase();
  if (contentType.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentTypeHeader)?.[1];
    if (!boundary) throw new Error('multipart without boundary');
    const sections = body.split(new RegExp(`^--${escapeRegExp(boundary)}(?:--)?[ \\t]*$`, 'm'));
    // sections[0] is the preamble, the last one the epilogue.
    const parts = sections.slice(1, -1).map((s) => parseMime(s.replace(/^\n/, '').replace(/\n$/, '')));
    return { headers, contentType, body: '', parts };
  }
  const charset = /charset="?([^";]+)"?/i.exec(contentTypeHeader)?.[1]?.toLowerCase() ?? 'utf-8';
  return {
    headers,
    contentType,
    body: decodeBody(body, headers['content-transfer-encoding'] ?? '7bit', charset),
    parts: [],
  };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Unfold: a line starting with white space continues the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(line.slice(colon + 1).trim());
    headers[name] = name in headers ? `${headers[name]}\n${value}` : value;
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, charset: string, encoding: string, data: string) => {
      const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data.replace(/_/g, ' '));
      return new TextDecoder(charset).decode(bytes);
    });
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const kind = encoding.trim().toLowerCase();
  if (kind === 'quoted-printable') return new TextDecoder(charset).decode(qpBytes(body.replace(/=\n/g, '')));
  if (kind === 'base64') return new TextDecoder(charset).decode(Buffer.from(body.replace(/\s+/g, ''), 'base64'));
  return body;
}

/** Quoted-printable (soft line breaks already removed): =XX is a byte, everything else is itself. */
function qpBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string | undefined, prefix: string): string | undefined {
  if (!text) return undefined;
  const match = new RegExp(`${escapeRegExp(prefix)}[^\\s"'<>]*`).exec(text);
  return match?.[0];
}

/** The id and token of a subscriber link (confirm, unsubscribe page, or one-click). */
export function linkParams(link: string): { id: string; token: string } {
  const url = new URL(link);
  const id = url.searchParams.get('id');
  const token = url.searchParams.get('token');
  if (!id || !token) throw new Error(`no id/token in ${link}`);
  return { id, token };
}
