import siteStylesheet from '#app/styles/app.scss?inline';
import { criticalCssOf } from './critical-css';

const criticalCss = criticalCssOf(siteStylesheet);

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

/**
 * A public page without its `<link rel="modulepreload">`s. Preloaded in the head, some 25 modules start
 * downloading at high priority before the first paint and compete with it (docs/decisions/0014-first-paint.md):
 * Lighthouse's mobile run put first paint at 1.8-2.9 s and LCP at 1.8-2.9 s with them, at 0.75-0.99 s and
 * 1.17-1.44 s without. Asking for low priority instead was worse (LCP 2.5-2.9 s). The hydration script at
 * the end of the body imports the same modules, so they still load, after the page has painted. Admin
 * screens keep them: nothing of theirs shows before their scripts run.
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, '');
}
