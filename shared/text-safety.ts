/**
 * Text no field may hold (docs/api.md, errors every endpoint can give): a NUL byte, which PostgreSQL cannot store in text, and a
 * lone UTF-16 surrogate, which no encoding can write and `encodeURIComponent` throws on. Browsers never
 * send them from a form; only a crafted request does.
 */
export function isSafeText(value: string): boolean {
  return !UNSAFE.test(value);
}

/** NUL, a high surrogate not followed by a low one, or a low one not after a high one. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string inside a parsed JSON value, a query or path parameters that is not safe text, with
 * where it is (`title`, `items.2.description`); `null` when all are safe.
 */
export function findUnsafeText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return at;
    const found = findUnsafeText(inner, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
