import { describe, expect, it } from 'vitest';
import { formatDate } from '#shared/format.ts';
import { MESSAGES } from '#shared/messages.ts';
import { blogPostUrl, categorySlug, SLASH_TOKEN, titleSlug } from '#shared/paths.ts';
import { subscribeFormSchema } from '#shared/schemas/subscribe.ts';

describe('blog URL segments (docs/product.md#public-site)', () => {
  it.each([
    ['Hello World', 'Hello-World'],
    ['  Hello   World  ', 'Hello-World'],
    ['Front-end tips', 'Front-end-tips'],
    ['CI/CD in practice', `CI${SLASH_TOKEN}CD-in-practice`],
    ['Ünïcödé Grüße', 'Ünïcödé-Grüße'],
    ['..', 'post'],
    ['', 'post'],
  ])('title %j → %j', (title, slug) => {
    expect(titleSlug(title)).toBe(slug);
  });

  it('category names keep their case and lose their spaces', () => {
    expect(categorySlug(' Product Design ')).toBe('Product-Design');
  });

  it('builds encoded post URLs', () => {
    expect(blogPostUrl('uncategorized', 'Ünï?')).toBe('/blogs/uncategorized/%C3%9Cn%C3%AF%3F');
  });
});

describe('date format', () => {
  it("is 'MMMM DD, YYYY'", () => {
    expect(formatDate('2024-03-05T10:00:00.000Z')).toBe('March 05, 2024');
  });
});

describe('subscription e-mail (docs/product.md#validation-rules)', () => {
  const check = (email: string) => {
    const result = subscribeFormSchema.safeParse({ email });
    return result.success ? null : result.error.issues[0]!.message;
  };
  it.each([
    ['', MESSAGES.subscribeEmpty],
    ['   ', MESSAGES.subscribeEmpty],
    ['abc', MESSAGES.subscribeInvalid],
    ['a+b@example.com', MESSAGES.subscribeInvalid],
    ['a@example.c', MESSAGES.subscribeInvalid],
    ['a@example.abcdefg', MESSAGES.subscribeInvalid],
    ['ada.l_ove-lace@mail.example.org', null],
    ['x@y.museum', null],
  ])('%j → %j', (email, message) => {
    expect(check(email)).toBe(message);
  });
});
