import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageBlocks } from '#app/features/page-blocks/PageBlocks.tsx';
import type { BlockPosted } from '#app/features/page-blocks/block-form.ts';
import { NO_BLOCK_DATA, type PageBlockData } from '#app/features/page-blocks/block-data.ts';
import { MediaBaseContext } from '#app/lib/media.ts';
import type { PageBlock } from '#shared/page-blocks.ts';
import { EVERY_BLOCK, EVERY_BLOCK_DATA } from './fixtures/page-blocks';

/** The server's markup of a page's blocks at /services (the page route renders them the same way). */
function render(blocks: PageBlock[], data: PageBlockData = EVERY_BLOCK_DATA, posted?: BlockPosted) {
  return renderToString(
    createElement(MemoryRouter, { initialEntries: ['/services'] }, createElement(PageBlocks, { blocks, data, posted })),
  );
}
const only = (type: PageBlock['type']) => EVERY_BLOCK.filter((block) => block.type === type);
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));

describe('PageBlocks (server-rendered)', () => {
  it('renders every block type, each in its own anchored element', () => {
    const html = render(EVERY_BLOCK);
    for (const id of ['hero1', 'rt1', 'img1', 'ti1', 'cta1', 'f1', 'faq1', 'p1', 'c1', 's1'])
      expect(html).toContain(`id="block-${id}"`);
    // The landing's sections keep their own ids (app/features/landing/Team.tsx …).
    for (const id of ['team', 'services', 'portfolio']) expect(html).toContain(`id="${id}"`);
  });

  it('keeps headings in order: an opening hero is the h1, block headings h2, what is inside them h3, never a jump', () => {
    const levels = headingLevels(render(EVERY_BLOCK));
    // The page's one h1 is its opening hero's heading (else the page's title: app/features/pages/PageView.tsx).
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => i && expect(level - levels[i - 1]!).toBeLessThanOrEqual(1));
    expect(levels.slice(1)).not.toContain(1);
    const later = headingLevels(render([...EVERY_BLOCK.slice(1), EVERY_BLOCK[0]!]));
    expect(later[0]).toBe(2);
    expect(later).not.toContain(1);
  });

  it('hero: heading, text, up to two buttons, its image with alt, size and srcset, preloaded as the first block', () => {
    const html = render(only('hero'));
    expect(html).toContain('<h1 id="block-hero1-title" class="page-hero-title">We build software that ships</h1>');
    expect(html).toContain('href="/blogs"');
    expect(html).toContain('href="https://example.com/contact"');
    expect(html).toMatch(
      /<img src="\/uploads\/hero.png" alt="Two engineers at a whiteboard" width="1200" height="800"/,
    );
    expect(html).toContain('srcSet="/uploads/hero.w');
    expect(html).toContain('fetchPriority="high"');
  });

  it('an image the media library does not know falls back to fixed proportions', () => {
    const html = render(only('textImage'), NO_BLOCK_DATA);
    expect(html).toMatch(/alt="A designer and an engineer pairing" width="960" height="640"/);
    expect(html).toContain('loading="lazy"');
  });

  it('rich text is shown as a post shows it: uploads responsive, tables wrapped', () => {
    const html = render([
      {
        type: 'richText',
        id: 'r',
        html: '<p><img src="/uploads/a.png" alt="A"></p><table><tr><td>1</td></tr></table>',
      },
    ]);
    expect(html).toContain('class="blog-content rich-text');
    expect(html).toMatch(/<img srcset="\/uploads\/a\.w\d+\.webp/);
    expect(html).toContain('<div class="table-responsive"><table');
  });

  it('uploads load from the CDN when there is one, in rich text as in images', () => {
    const blocks: PageBlock[] = [
      { type: 'richText', id: 'r', html: '<p><img src="/uploads/a.png" alt="A"></p>' },
      ...only('image'),
    ];
    const html = renderToString(
      createElement(
        MediaBaseContext.Provider,
        { value: 'https://cdn.example' },
        createElement(
          MemoryRouter,
          { initialEntries: ['/services'] },
          createElement(PageBlocks, { blocks, data: EVERY_BLOCK_DATA }),
        ),
      ),
    );
    expect(html).toContain('src="https://cdn.example/a.png"');
    expect(html).toContain('src="https://cdn.example/office.png"');
    expect(html).not.toContain('src="/uploads/');
  });

  it('image: a figure with its alt text and caption', () => {
    const html = render(only('image'));
    expect(html).toMatch(/<figure[^>]*>.*alt="Our office in the old harbour" width="1600" height="900"/s);
    expect(html).toContain(
      '<figcaption class="page-figure-caption">Our office, where most of the work happens.</figcaption>',
    );
  });

  it('text beside image: the image on the chosen side from lg up, after the text on a phone', () => {
    const html = render(only('textImage'));
    expect(html.indexOf('Designers and engineers')).toBeLessThan(html.indexOf('alt="A designer'));
    expect(html).toContain('col-lg-6 order-lg-1');
  });

  it('call to action: heading, text and its button', () => {
    const html = render(only('cta'));
    expect(html).toContain('Ready to start?');
    expect(html).toMatch(/<a class="btn btn-light btn-lg[^"]*" href="\/\?section=contact_us"[^>]*>Get in touch<\/a>/);
  });

  it('features: a list of cards whose icons are hidden from screen readers', () => {
    const html = render(only('features'));
    expect(html.match(/<li class="col">/g)).toHaveLength(4);
    expect(html).toContain('<span class="page-feature-icon" aria-hidden="true">🚀</span>');
    expect(html).toContain('<h3 class="h5 card-title">Weekly releases</h3>');
  });

  it('FAQ: details and summary, which open without JavaScript', () => {
    const html = render(only('faq'));
    expect(html.match(/<details class="page-faq-item"><summary class="page-faq-question">/g)).toHaveLength(2);
    expect(html).toContain('Most take three to six months.');
  });

  it('list of posts: the blog cards with h3 titles under the heading; no posts, nothing at all', () => {
    const html = render(only('posts'));
    expect(html.match(/data-testid="blog-card"/g)).toHaveLength(3);
    expect(html).toContain('<h3 class="h5 card-title mt-1">');
    expect(render(only('posts'), NO_BLOCK_DATA)).toBe('<div class="page-blocks"></div>');
  });

  it('contact: the landing form under the block words, posting to this page without JavaScript', () => {
    const html = render(only('contact'));
    expect(html).toContain('Write to us');
    expect(html).toContain('We answer every message.');
    expect(html).toContain('action="/services?form=contact&amp;block=c1#block-c1"');
    expect(html).toContain('name="website"');
  });

  it('contact: a post without JavaScript shows its answer in its block only', () => {
    const posted: BlockPosted = {
      blockId: 'c1',
      form: 'contact',
      contact: {
        values: { firstName: 'Ann', lastName: '', email: 'x', message: '' },
        errors: { email: 'Bad' },
        sent: false,
      },
    };
    const html = render(only('contact'), EVERY_BLOCK_DATA, posted);
    expect(html).toContain('value="Ann"');
    expect(html).toContain('<div class="invalid-feedback">Bad</div>');
  });

  it('subscribe: the blog box under the block words; after a post without JavaScript, check your inbox', () => {
    const html = render(only('subscribe'));
    expect(html).toContain('Get our articles');
    expect(html).toContain('action="/services?form=subscribe&amp;block=s1#block-s1"');
    const done = render(only('subscribe'), EVERY_BLOCK_DATA, {
      blockId: 's1',
      form: 'subscribe',
      subscribe: { step: 'done' },
    });
    expect(done).toContain('data-testid="subscribe-confirm-note"');
  });

  it('landing sections: the landing components with its data; without the data, nothing', () => {
    const html = render(only('landing'));
    expect(html.match(/data-testid="team-member"/g)).toHaveLength(2);
    expect(html.match(/data-testid="service-card"/g)).toHaveLength(2);
    expect(html.match(/data-testid="portfolio-item"/g)).toHaveLength(2);
    expect(render(only('landing'), NO_BLOCK_DATA)).toBe('<div class="page-blocks"></div>');
  });
});
