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
 * where it is (`title`, `items.2.description`); `null` when all are safe. Walks with a stack of its own, so
 * a body nested a million levels deep is checked whole without overflowing the call stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, inner] of Object.entries(current)) {
      const at = path ? `${path}.${key}` : key;
      if (!isSafeText(key)) return at;
      stack.push([inner, at]);
    }
  }
  return null;
}
