import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '#server/lib/sanitize-html.ts';

describe('rich-text sanitiser', () => {
  it.each([
    ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['<img src="x.png" onerror="alert(1)">', '<img src="x.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example/x"></iframe>', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<object data="x"></object><embed src="y">', ''],
    ['<form action="/x"><input name="a"></form>', ''],
  ])('removes what could run script: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('keeps formatting, links, images, tables and YouTube/Vimeo iframes', () => {
    const html =
      '<h2>T</h2><p><strong>b</strong> <em>i</em> <span style="font-size: 18px; color: #ff0000">s</span></p>' +
      '<a href="https://example.com" target="_blank">l</a><img src="/uploads/a.png" alt="a" width="10" height="10" />' +
      '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table>' +
      '<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" allowfullscreen></iframe>' +
      '<iframe src="https://player.vimeo.com/video/1"></iframe>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<span style="font-size:18px;color:#ff0000">s</span>');
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">l</a>');
    expect(clean).toContain('<img src="/uploads/a.png" alt="a" width="10" height="10" />');
    expect(clean).toContain('<td colspan="2">c</td>');
    expect(clean).toContain('src="https://www.youtube.com/embed/abc"');
    expect(clean).toContain('src="https://player.vimeo.com/video/1"');
  });

  it('keeps table headers with their scope and captions', () => {
    const html =
      '<table><caption>Prices</caption><thead><tr><th scope="col">Plan</th><th scope="col">Price</th></tr></thead>' +
      '<tbody><tr><th scope="row">Team</th><td>9</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });
});
