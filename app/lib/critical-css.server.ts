import siteStylesheet from '#app/styles/app.scss?inline';
import { criticalCssOf } from './critical-css';

const criticalCss = criticalCssOf(siteStylesheet);

/**
 * Writes the rules of the site stylesheet that this page's HTML uses into its <head> (see
 * ./critical-css.ts): the first paint needs nothing but the HTML.
 */
export function withCriticalCss(html: string): string {
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  return `${html.slice(0, head)}<style>${criticalCss(html)}</style>${html.slice(head)}`;
}
