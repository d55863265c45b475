/**
 * React Router's hydration script with its module downloads moved after the first paint. The script
 * imports each route module statically (`import * as route0 from "…"`), so the browser fetches the whole
 * module graph as soon as it parses the end of the body; on a fast link those downloads could finish just
 * before the first paint, and Lighthouse's simulation then counts them as work that paint waited for (one
 * page's LCP in each run moved from about 1 s to 1.7 s: docs/measurements/first-paint.md). The same
 * imports, made dynamic once the browser reports the first paint, give the same module namespaces to the
 * same globals before the client entry loads. A hidden tab paints nothing, so it does not wait. Anything else in
 * the script, or a script of another shape, is left as it is.
 */
const STATIC_IMPORT = /import \* as (\w+) from ("[^"\\]+");/g;
const HYDRATION_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;

export function withModulesAfterFirstPaint(html: string): string {
  const script = HYDRATION_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];
  const imports = [...body.matchAll(STATIC_IMPORT)];
  const rest = body.replace(STATIC_IMPORT, '');
  // Another static import left (a form this does not know): keep the script exactly as React Router wrote it.
  if (!imports.length || /(^|[;\s])import\s*["'{*\w]/.test(rest)) return html;
  // The browser reports a paint once the frame is on screen (a frame callback runs before that); a browser
  // that never reports one loads the modules after 3 s.
  const afterPaint =
    'if(document.visibilityState==="visible")await new Promise(r=>{const o=new PerformanceObserver(()=>{o.disconnect();r()});o.observe({type:"paint",buffered:true});setTimeout(r,3e3)});' +
    `const[${imports.map((m) => m[1]).join(',')}]=await Promise.all([${imports.map((m) => `import(${m[2]})`).join(',')}]);`;
  return html.slice(0, script.index) + open + afterPaint + rest + close + html.slice(script.index + whole.length);
}
