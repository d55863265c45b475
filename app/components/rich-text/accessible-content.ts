import { withClickToPlay } from './click-to-play';
import { withFrameTitles } from './frame-titles';
import { withTableHeaders } from './table-headers';

/**
 * Rich text as pages show it, for everyone (decision 0029): tables without headers get their first row as
 * headers where that is unambiguous, every frame is named, and videos wait behind a click-to-play preview.
 * Each step leaves its own output alone, so running it twice (the post page's loader, then <RichText>)
 * changes nothing the second time.
 */
export const presentAccessibly = (html: string, mediaBase = ''): string =>
  withClickToPlay(withFrameTitles(withTableHeaders(html)), mediaBase);
