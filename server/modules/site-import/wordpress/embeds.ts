import { escapeHtml } from '#server/lib/escape-html.ts';

/**
 * WordPress embeds a video from the address alone (`[embed]URL[/embed]`, a URL on a line of its own, the
 * embed block). The site's rich text plays YouTube and Vimeo in an iframe (server/lib/sanitize-html.ts keeps
 * frames of those hosts only, decision 0029 names them when shown): those become frames, any other address
 * a link.
 */
function videoFrame(url: URL): string | null {
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/(?:embed|shorts|live|v)\/([\w-]+)/.exec(url.pathname)?.[1] ?? null);
    return id && /^[\w-]+$/.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === 'youtu.be') {
    id = /^\/([\w-]+)/.exec(url.pathname)?.[1] ?? null;
    return id ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    id = /^\/(?:video\/)?(\d+)/.exec(url.pathname)?.[1] ?? null;
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

export function parseWebUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export const linkTo = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;

/** The HTML for an embedded address: a frame for YouTube and Vimeo, else a link; null when it is no web address. */
export function embedHtml(address: string): string | null {
  const url = parseWebUrl(address);
  if (!url) return null;
  const frame = videoFrame(url);
  return frame ? `<iframe src="${escapeHtml(frame)}" allowfullscreen></iframe>` : `<p>${linkTo(url.href)}</p>`;
}

/** A web address alone on its line (WordPress's auto-embed, and the URL inside an embed block) becomes an embed. */
export const embedBareUrls = (html: string) =>
  html.replace(
    /^([ \t]*)(https?:\/\/[^\s<>"]+)[ \t]*$/gm,
    (line, _indent, address: string) => embedHtml(address) ?? line,
  );
