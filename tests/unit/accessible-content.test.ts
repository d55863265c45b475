import { describe, expect, it } from 'vitest';
import { EMBED_MESSAGES } from '#shared/messages.ts';
import { sanitizeRichText } from '#server/lib/sanitize-html.ts';
import { presentAccessibly } from '#app/components/rich-text/accessible-content.ts';
import { withClickToPlay } from '#app/components/rich-text/click-to-play.ts';
import { withTableHeaders } from '#app/components/rich-text/table-headers.ts';

/** An attribute's value as the browser reads it (the few entities sanitised markup holds decoded). */
const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first `tag` element's attributes in some HTML. */
function element(html: string, tag: string) {
  const open = new RegExp(`<${tag}\\b[^>]*>`, 'i').exec(html)?.[0];
  return {
    exists: open !== undefined,
    has: (name: string) => open !== undefined && new RegExp(`\\s${name}(=|\\s|>)`).test(open),
    get: (name: string) => {
      const value = open && new RegExp(`\\s${name}="([^"]*)"`).exec(open)?.[1];
      return value === undefined || value === null ? null : decode(value);
    },
  };
}

const frameOf = (html: string) => element(html, 'iframe');
/** The preview document of the first frame: its `srcdoc`, as the browser reads it. */
const previewOf = (html: string) => frameOf(html).get('srcdoc')!;

describe('click-to-play videos (decision 0029)', () => {
  const stored =
    '<iframe src="https://www.youtube-nocookie.com/embed/abc?start=30&amp;si=x" title="Launch &amp; &quot;film&quot;" width="560" height="315" allowfullscreen></iframe>';

  it('keeps the player address and adds a preview the browser shows instead, allowing autoplay', () => {
    const frame = frameOf(withClickToPlay(stored));
    expect(frame.get('src')).toBe('https://www.youtube-nocookie.com/embed/abc?start=30&si=x');
    expect(frame.get('title')).toBe('Launch & "film"');
    expect(frame.get('allow')).toBe('autoplay; fullscreen; picture-in-picture');
    expect(frame.has('allowfullscreen')).toBe(true);
  });

  it('previews as a link to the player with autoplay, named "Play video: <title>", with nothing from the host', () => {
    const preview = previewOf(withClickToPlay(stored));
    const link = element(preview, 'a');
    expect(link.get('href')).toBe('https://www.youtube-nocookie.com/embed/abc?start=30&si=x&autoplay=1');
    expect(link.get('aria-label')).toBe(EMBED_MESSAGES.play('Launch & "film"'));
    expect(preview).toContain('<span class="name" aria-hidden="true">Launch &amp; &quot;film&quot;</span>');
    expect(preview).toMatch(/^<!doctype html><html lang="en">/);
    // No picture at all without a poster, so no thumbnail is fetched from i.ytimg.com or anywhere else.
    expect(preview).not.toMatch(/<(img|script|link|iframe)\b|url\(/i);
  });

  it("shows the editor's poster from the media library (through the CDN when there is one), never another host's", () => {
    const own = '<iframe src="https://player.vimeo.com/video/1" title="T" data-poster="/uploads/poster.jpg"></iframe>';
    expect(element(previewOf(withClickToPlay(own)), 'img').get('src')).toBe('/uploads/poster.jpg');
    expect(element(previewOf(withClickToPlay(own, 'https://cdn.example.com/m')), 'img').get('src')).toBe(
      'https://cdn.example.com/m/poster.jpg',
    );
    const foreign =
      '<iframe src="https://player.vimeo.com/video/1" data-poster="https://i.ytimg.com/vi/x/0.jpg"></iframe>';
    expect(element(previewOf(withClickToPlay(foreign)), 'img').exists).toBe(false);
  });

  it('adds autoplay to an allow list the editor pasted, and leaves a frame with a preview alone', () => {
    const pasted = '<iframe src="https://www.youtube.com/embed/a" allow="encrypted-media; fullscreen"></iframe>';
    const once = withClickToPlay(pasted);
    expect(frameOf(once).get('allow')).toBe('encrypted-media; fullscreen; autoplay');
    expect(withClickToPlay(once)).toBe(once);
  });

  it('names untitled frames "Embedded video" everywhere rich text is shown, and is stable when run twice', () => {
    const once = presentAccessibly('<iframe src="https://player.vimeo.com/video/2"></iframe>');
    expect(frameOf(once).get('title')).toBe(EMBED_MESSAGES.frameTitle);
    expect(element(previewOf(once), 'a').get('aria-label')).toBe(EMBED_MESSAGES.play(EMBED_MESSAGES.frameTitle));
    expect(presentAccessibly(once)).toBe(once);
  });
});

describe('table headers on the page (decision 0029)', () => {
  const plain =
    '<table><tbody><tr><td>Plan</td><td><strong>Price</strong></td></tr><tr><td>Team</td><td>9</td></tr><tr><td>Pro</td><td>19</td></tr></tbody></table>';

  it("makes an unambiguous first row the table's column headers", () => {
    expect(withTableHeaders(plain)).toBe(
      '<table><thead><tr><th scope="col">Plan</th><th scope="col"><strong>Price</strong></th></tr></thead>' +
        '<tbody><tr><td>Team</td><td>9</td></tr><tr><td>Pro</td><td>19</td></tr></tbody></table>',
    );
  });

  it('handles a table without <tbody> and keeps the caption and attributes', () => {
    expect(
      withTableHeaders(
        '<table border="1"><caption>Prices</caption><tr><td style="width:50%">Plan</td><td>Price</td></tr><tr><td>Team</td><td>9</td></tr></table>',
      ),
    ).toBe(
      '<table border="1"><caption>Prices</caption><thead><tr><th scope="col" style="width:50%">Plan</th><th scope="col">Price</th></tr></thead>' +
        '<tr><td>Team</td><td>9</td></tr></table>',
    );
  });

  it.each([
    ['headers already marked', '<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>'],
    ['a <thead> already', '<table><thead><tr><td>A</td><td>B</td></tr></thead><tr><td>1</td><td>2</td></tr></table>'],
    ['one row', '<table><tr><td>A</td><td>B</td></tr></table>'],
    ['one column', '<table><tr><td>A</td></tr><tr><td>1</td></tr></table>'],
    ['merged cells', '<table><tr><td colspan="2">A</td></tr><tr><td>1</td><td>2</td></tr></table>'],
    ['uneven rows', '<table><tr><td>A</td><td>B</td></tr><tr><td>1</td></tr></table>'],
    ['an empty first cell', '<table><tr><td></td><td>B</td></tr><tr><td>1</td><td>2</td></tr></table>'],
    ['figures in the first row', '<table><tr><td>2024</td><td>B</td></tr><tr><td>1</td><td>2</td></tr></table>'],
    ['repeated names', '<table><tr><td>A</td><td>a</td></tr><tr><td>1</td><td>2</td></tr></table>'],
    [
      'a nested table',
      '<table><tr><td>A</td><td><table><tr><td>x</td></tr></table></td></tr><tr><td>1</td><td>2</td></tr></table>',
    ],
  ])('leaves a table alone when the first row is not clearly a heading: %s', (_, html) => {
    expect(withTableHeaders(html)).toBe(html);
  });
});

describe('the sanitiser and the click-to-play poster', () => {
  it('keeps a poster from the media library and drops one from elsewhere', () => {
    const own = '<iframe src="https://player.vimeo.com/video/1" title="T" data-poster="/uploads/p.jpg"></iframe>';
    expect(sanitizeRichText(own)).toBe(own);
    expect(
      sanitizeRichText(
        '<iframe src="https://player.vimeo.com/video/1" data-poster="https://i.ytimg.com/x.jpg"></iframe>',
      ),
    ).toBe('<iframe src="https://player.vimeo.com/video/1"></iframe>');
  });
});
