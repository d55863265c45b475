/**
 * The malformed input of the fuzz suite (tests/api/fuzz.test.ts): what attackers and broken clients send,
 * including every case the security review found (NUL bytes, lone surrogates, control characters in links,
 * broken multipart bodies).
 */

/** A small seeded generator (mulberry32), so a failing request is the same on every run. */
export function randomGenerator(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });

/** Values for a JSON field. */
export const BAD_VALUES: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  ' JAVASCRIPT:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE blog_posts; --",
  '%00',
  '%ED%A0%80',
  '../../../../etc/passwd',
  '..',
  '.',
  '/',
  'x'.repeat(100_000),
  '😀'.repeat(2_000),
  '\u202eevil',
  '\ufeff',
  '',
  '   ',
  '\n\r\t',
  -1,
  0,
  1e308,
  -1e308,
  3.5,
  true,
  false,
  null,
  [],
  ['a', 'b'],
  {},
  { $ne: null },
  deep(200),
  '2026-13-45T99:99:99Z',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  'not-a-date',
  'draft',
  'scheduled',
  'published',
  'user@',
  'a@b.c'.padStart(400, 'a'),
  'Uncategorized',
  'uncategorized',
  '__proto__',
];

/** Path segments, already in the form they travel (percent-encoded where a client would). */
export const BAD_PATH_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AF',
  '%E0%A4%A',
  '%',
  '%25',
  '..',
  '%2e%2e',
  '.',
  'x'.repeat(5_000),
  "'%20OR%201=1",
  '%F0%9F%98%80',
  '0',
  '-1',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%0d%0aSet-Cookie:%20x=1',
  '%09',
];

/** Whole bodies sent as JSON. */
export const RAW_BODIES: readonly string[] = [
  '',
  'not json',
  '{',
  '{"a":',
  '[]',
  '[1,2,3]',
  '""',
  'null',
  '123',
  'true',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `{"a":"${'x'.repeat(2_000_000)}"}`,
  '\xff\xfe{}',
  // Nested far deeper than any body of the contract: once a stack overflow in autosave (a 500).
  `${'{"data":'.repeat(5000)}1${'}'.repeat(5000)}`,
  `{"data":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `{"title":"${'['.repeat(5000)}"}`,
];

/** Host headers a client can send; pages once answered 500 to `a b` (server/pages/web-request.ts). */
export const BAD_HOSTS: readonly string[] = [
  'a b',
  '',
  'x:notaport',
  '[::1',
  'evil.example:99999',
  'ünïcode.example',
  '%00',
  'a'.repeat(300),
];

const PNG_HEAD = Buffer.from('89504e470d0a1a0a', 'hex');

/** Broken multipart bodies for the uploader: [content type, body]. */
export const MALFORMED_MULTIPART: ReadonlyArray<(random: () => number) => [string, Buffer]> = [
  () => [
    'multipart/form-data',
    Buffer.from('--x\r\nContent-Disposition: form-data; name="image"\r\n\r\nabc\r\n--x--\r\n'),
  ],
  () => [
    'multipart/form-data; boundary=y',
    Buffer.from('--x\r\nContent-Disposition: form-data; name="image"\r\n\r\nabc\r\n--x--\r\n'),
  ],
  () => [
    'multipart/form-data; boundary=x',
    Buffer.from(
      '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ),
  ],
  (random) => [
    'multipart/form-data; boundary=x',
    Buffer.from(Array.from({ length: 2_000 }, () => Math.floor(random() * 256))),
  ],
  () => ['multipart/form-data; boundary=x', Buffer.alloc(0)],
  () => [
    'multipart/form-data; boundary=x',
    Buffer.concat([
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      PNG_HEAD,
      Buffer.from('\r\n--x--\r\n'),
    ]),
  ],
  () => [
    'multipart/form-data; boundary=x',
    Buffer.concat([
      Buffer.from('--x\r\nContent-Disposition: form-data; name="alt"\r\n\r\nbad\u0000alt\r\n'),
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="image"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      PNG_HEAD,
      Buffer.from('\r\n--x--\r\n'),
    ]),
  ],
  () => [
    'multipart/form-data; boundary=x',
    Buffer.from(
      Array.from({ length: 50 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join(
        '',
      ) + '--x--\r\n',
    ),
  ],
  () => ['application/json', Buffer.from('{"image":"x"}')],
  () => ['image/png', PNG_HEAD],
  () => ['text/plain', Buffer.from('hello')],
];

/**
 * Percent-encodes like `encodeURIComponent`, except that a lone surrogate (which that throws on) is sent as
 * the three bytes a careless client's encoder writes for it (WTF-8, e.g. `%ED%A0%80`).
 */
export function percentEncode(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\uD800-\uDFFF]+|[\uD800-\uDBFF][\uDC00-\uDFFF]/g,
    (part) => {
      if (part.length !== 1 || !/[\uD800-\uDFFF]/.test(part)) return encodeURIComponent(part);
      const c = part.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    },
  );
}
