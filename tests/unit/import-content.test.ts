import { describe, expect, it } from 'vitest';
import {
  excerptOf,
  pageSegmentOf,
  postSlugOf,
  rewriteAddresses,
  splitHtml,
} from '#server/modules/site-import/content.ts';
import { plainTextOf } from '#server/lib/plain-text.ts';
import { RuleSet, normalizeQuery, querySources } from '#server/modules/redirects/rules.ts';

/** How an old site's text and addresses become this site's (server/modules/site-import/content.ts). */
describe('import content', () => {
  it('rewrites image addresses in src, href and poster, entities decoded, others left', () => {
    const moved = new Map([['https://old.example.com/a.jpg?x=1&y=2', '/uploads/abc.jpg']]);
    const html =
      '<a href="https://old.example.com/a.jpg?x=1&amp;y=2"><img src=\'https://old.example.com/a.jpg?x=1&amp;y=2\'></a><img src="https://other.example/b.jpg">';
    expect(rewriteAddresses(html, moved)).toBe(
      '<a href="/uploads/abc.jpg"><img src=\'/uploads/abc.jpg\'></a><img src="https://other.example/b.jpg">',
    );
  });

  it('makes an excerpt from the first words, cut at a word', () => {
    expect(excerptOf('<p>Short text.</p>')).toBe('Short text.');
    const long = excerptOf(`<p>${'word '.repeat(200)}</p>`, 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('…')).toBe(true);
    expect(long).not.toMatch(/wor…$/);
  });

  it("reads only a long post's start for its excerpt, and the same words as reading it whole", () => {
    const paragraph = (i: number) =>
      `<p class="x">Paragraph ${i} &amp; <a href="https://example.com/${i}">its link</a> ends.</p>`;
    const long = Array.from({ length: 2000 }, (_, i) => paragraph(i)).join('\n');
    const whole = plainTextOf(long).replace(/\s+/g, ' ').trim();
    const cutAt = (text: string, max: number) => {
      const cut = text.slice(0, max - 1);
      return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
    };
    expect(excerptOf(long)).toBe(cutAt(whole, 300));
    expect(excerptOf(long, 1000)).toBe(cutAt(whole, 1000));
    // The first tags without text for longer than the first part read: read on until there is text.
    const late = `${'<span></span>'.repeat(2000)}<p>${'late '.repeat(100)}</p>`;
    expect(excerptOf(late, 50)).toMatch(/^late late .*…$/);
    // A script or style near the start is never text, even when the start read would cut it.
    const script = `<p>Intro.</p><script>${'var x = 1; '.repeat(1000)}</script><p>${'after '.repeat(100)}</p>`;
    expect(excerptOf(script, 60)).toMatch(/^Intro\. after after .*…$/);
  });

  it('turns old slugs into addresses this site takes', () => {
    expect(postSlugOf('hello-world')).toBe('hello-world');
    expect(postSlugOf('caf%c3%a9-au-lait')).toBe('café-au-lait');
    expect(postSlugOf('a/b c')).toBe('a-b-c');
    expect(postSlugOf('..')).toBe('');
    expect(pageSegmentOf('Über uns')).toBe('uber-uns');
    expect(pageSegmentOf('blogs')).toBe('blogs-page');
    expect(pageSegmentOf('%%%')).toBe('page');
  });

  it('splits long HTML between top-level elements', () => {
    const html = '<p>aaaa</p><p>bbbb</p><p>cccc</p>';
    expect(splitHtml(html, 100)).toEqual([html]);
    expect(splitHtml(html, 25)).toEqual(['<p>aaaa</p><p>bbbb</p>', '<p>cccc</p>']);
  });
});

/** Imported sources with a query (`/?p=12`): matched whatever the order or spelling of the query. */
describe('redirect sources with a query', () => {
  it('normalizes and matches the whole query or one of its pairs, before the path alone', () => {
    expect(normalizeQuery('p=12&a=b')).toBe('a=b&p=12');
    expect(querySources('/', 'utm_source=x&p=12')).toEqual(['/?p=12&utm_source=x', '/?utm_source=x', '/?p=12']);
    const rules = new RuleSet([
      { id: '1', from: '/?p=12', to: '/blogs/News/hello', status: 301 },
      { id: '2', from: '/old', to: '/new', status: 301 },
    ]);
    expect(rules.match('/', 'p=12')?.id).toBe('1');
    expect(rules.match('/', 'utm_source=x&p=12')?.id).toBe('1');
    expect(rules.match('/', 'p=13')).toBeUndefined();
    expect(rules.match('/', '')).toBeUndefined();
    expect(rules.match('/old', 'p=12')?.id).toBe('2');
    rules.remove(rules.byId.get('1')!);
    expect(rules.hasQuerySources).toBe(false);
  });
});
