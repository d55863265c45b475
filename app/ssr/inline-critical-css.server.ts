import siteRules from '#app/styles/app.scss?inline&critical-rules';
import { criticalCssPicker } from './critical-css.ts';

const criticalCss = criticalCssPicker(siteRules);

/**
 * Writes the rules of the site stylesheet that this page's HTML uses into its <head> (see
 * ./critical-css.ts): the first paint needs nothing but the HTML. They go first in the head, right after
 * the charset, so any route stylesheet linked after them (the admin's) still comes later in the cascade.
 */
export function withCriticalCss(html: string): string {
  const charset = /<meta charSet="utf-8"\/>/i.exec(html);
  const at = charset ? charset.index + charset[0].length : html.indexOf('</head>');
  if (at < 0) return html;
  return `${html.slice(0, at)}<style>${criticalCss(html)}</style>${html.slice(at)}`;
}
