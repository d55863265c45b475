import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from '#shared/text-safety.ts';

describe('text safety (shared/text-safety.ts)', () => {
  it.each([
    ['plain text', 'Hello, world', true],
    ['an emoji (a surrogate pair)', 'Launch 🚀', true],
    ['a NUL byte', 'a\u0000b', false],
    ['a lone high surrogate', 'x\ud800', false],
    ['a lone low surrogate', '\udc00x', false],
    ['a pair in the wrong order', '\udc00\ud800', false],
  ])('%s', (_label, text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });

  it('names where an unsafe string is, keys included', () => {
    expect(findUnsafeText({ title: 'ok', items: [{ a: 'ok' }, { b: 'x\u0000' }] })).toBe('items.1.b');
    expect(findUnsafeText({ ['k\ud800']: 'ok' })).toBe('k\ud800');
    expect(findUnsafeText({ title: 'ok', n: 3, nothing: null })).toBeNull();
  });

  it('checks a value nested far deeper than the call stack would allow', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    expect(findUnsafeText(deep)).toMatch(/^a(\.a)+$/);
  });
});
