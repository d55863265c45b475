// `node scripts/page-weight.mjs [paths]`: what each public page costs on the wire, on the production build.
// For every page it prints the HTML size (raw and brotli), the inline hydration data (raw), the inline
// CSS, and the JavaScript the page loads: every script, modulepreload and inline module import, followed
// through each chunk's static imports (public pages have no modulepreloads, decision 0014), each chunk with
// its brotli size as served (build/client/**/*.br). Use it to check a change against the budget of
// docs/decisions/0014-first-paint.md (≤ 110 KiB of compressed JavaScript per public page).
import fs from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { serveTemp } from './serve-temp.mjs';

const server = await serveTemp();
const verbose = process.env.VERBOSE === '1';

/** A post and a category that exist in the seeded demo content. */
async function seededPaths() {
  const html = await (await fetch(`${server.url}/blogs`)).text();
  const post = /href="(\/blogs\/[^/"]+\/[^/"]+)"/.exec(html)?.[1];
  const category = post?.split('/').slice(0, 3).join('/');
  return ['/', '/about-us', '/blogs', category, post, '/nope'].filter(Boolean);
}

const brotliOf = (file) =>
  fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : brotliCompressSync(fs.readFileSync(file)).length;

/**
 * The chunks `entries` load before they run: each one's static imports (`import … from"./x.js"` as Vite
 * writes them), followed recursively. Dynamic `import()`s load later, on demand, and are not counted.
 */
function staticGraph(entries) {
  const seen = new Set();
  const visit = (src) => {
    if (seen.has(src)) return;
    seen.add(src);
    const code = fs.readFileSync(`build/client${src}`, 'utf8');
    // An import statement starts the file or follows a statement, a block or a comment (`*/import`).
    for (const m of code.matchAll(
      /(?:^|[;\s}/])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    ))
      visit(new URL(m[1], `http://x${src}`).pathname);
  };
  entries.forEach(visit);
  return seen;
}

try {
  const paths = process.argv[2] ? process.argv[2].split(',') : await seededPaths();
  const rows = [];
  for (const path of paths) {
    const html = await (await fetch(server.url + path)).text();
    const scripts = staticGraph([
      ...[...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/\bimport\b[^"';]*["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]),
    ]);
    // React Router's inline context: the loader data of every route on the page.
    const hydration = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1])
      .filter((s) => s.includes('__reactRouterContext') || s.includes('streamController'))
      .join('').length;
    const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('').length;
    const chunks = [...scripts].map((src) => ({ src, br: brotliOf(`build/client${src}`) }));
    const js = chunks.reduce((sum, c) => sum + c.br, 0);
    if (verbose) {
      console.log(`\n${path}`);
      for (const c of chunks.sort((a, b) => b.br - a.br))
        console.log(`  ${(c.br / 1024).toFixed(1).padStart(6)} KiB  ${c.src}`);
    }
    rows.push({
      path,
      'HTML KB': +(html.length / 1000).toFixed(1),
      'HTML br KB': +(brotliCompressSync(html).length / 1000).toFixed(1),
      'hydration KB': +(hydration / 1000).toFixed(1),
      'inline CSS KB': +(inlineCss / 1000).toFixed(1),
      'JS chunks': chunks.length,
      'JS br KiB': +(js / 1024).toFixed(1),
    });
  }
  console.table(rows);
} finally {
  await server.stop();
}
