import { describe, expect, it } from 'vitest';
import {
  excerptOf,
  pageSegmentOf,
  postSlugOf,
  rewriteAddresses,
  splitHtml,
} from '#server/modules/site-import/content.ts';
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
