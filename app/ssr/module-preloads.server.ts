/**
 * A public page without its `<link rel="modulepreload">`s. Preloaded in the head, some 25 modules start
 * downloading at high priority before the first paint and compete with it (docs/decisions/0014-first-paint.md;
 * docs/measurements/first-paint.md, "No module preloads"): Lighthouse's mobile run put first paint at 1.8-2.9 s and LCP at 1.8-2.9 s with them, at 0.75-0.99 s and
 * 1.17-1.44 s without. Asking for low priority instead was worse (LCP 2.5-2.9 s). The hydration script at
 * the end of the body imports the same modules, so they still load, after the page has painted. Admin
 * screens keep them: nothing of theirs shows before their scripts run.
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, '');
}
