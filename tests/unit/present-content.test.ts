import { describe, expect, it } from 'vitest';
import { EMBED_MESSAGES } from '#shared/messages.ts';
import { presentContent, withFrameTitles } from '#app/features/blog/present-content.ts';

describe('post content as the page shows it', () => {
  it('plays YouTube embeds from youtube-nocookie.com, in a video container', () => {
    const html = presentContent(
      '<iframe src="https://www.youtube.com/embed/abc" width="560"></iframe><iframe src="https://youtube.com/embed/def"></iframe>',
    );
    expect(html).toBe(
      '<div class="video-container"><iframe src="https://www.youtube-nocookie.com/embed/abc" width="560"></iframe></div>' +
        '<div class="video-container"><iframe src="https://www.youtube-nocookie.com/embed/def"></iframe></div>',
    );
  });

  it('leaves other embeds and YouTube links in the text alone', () => {
    const html =
      '<p><a href="https://www.youtube.com/embed/abc">video</a></p><iframe src="https://player.vimeo.com/video/1"></iframe>';
    expect(presentContent(html)).toContain('href="https://www.youtube.com/embed/abc"');
    expect(presentContent(html)).toContain('src="https://player.vimeo.com/video/1"');
  });

  it('names every embedded frame for screen readers, keeping a title the editor gave', () => {
    expect(
      withFrameTitles(
        '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>' +
          '<iframe src="https://player.vimeo.com/video/1" title="Our launch film"></iframe>' +
          '<iframe title=" " src="https://player.vimeo.com/video/2"></iframe>',
      ),
    ).toBe(
      `<iframe title="${EMBED_MESSAGES.frameTitle}" src="https://www.youtube-nocookie.com/embed/abc"></iframe>` +
        '<iframe src="https://player.vimeo.com/video/1" title="Our launch film"></iframe>' +
        `<iframe title="${EMBED_MESSAGES.frameTitle}" src="https://player.vimeo.com/video/2"></iframe>`,
    );
  });
});
