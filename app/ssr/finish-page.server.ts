import { withCriticalCss } from './inline-critical-css.server.ts';
import { withoutModulePreloads } from './module-preloads.server.ts';
import { withModulesAfterFirstPaint } from './modules-after-paint.server.ts';
import { isAdminPage } from './page-kind.ts';

/**
 * The rendered document as it is sent (docs/decisions/0014-first-paint.md): every page gets the rules of
 * the site stylesheet it uses inlined in its head, so the first paint waits for no stylesheet; public pages
 * also lose their module preloads and fetch their modules after that paint, so no script download competes
 * with it. Admin screens are drawn by their scripts and keep React Router's preloads.
 */
export function finishPage(html: string, routeIds: Iterable<string>): string {
  const styled = withCriticalCss(html);
  return isAdminPage(routeIds) ? styled : withModulesAfterFirstPaint(withoutModulePreloads(styled));
}
