// `npm run lighthouse`: runs Lighthouse (mobile, default simulated throttling) with Debian's Chromium against
// the production build on `/`, `/about-us`, `/blogs`, a seeded category, a seeded post and a page with every
// block type (made for the run by ./block-page.mjs), three times each,
// and prints the median of each figure: the four category scores, LCP, TBT, CLS and the bytes of
// JavaScript transferred. The full report of each page's last run is saved under test-results/lighthouse/.
// LH_PATHS=/,/blogs picks pages; LH_RUNS=5 changes the number of runs; LH_URL=http://127.0.0.1:7991 measures a
// server already running (one where you made the post to measure) instead of starting a fresh one.
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedBlockPage } from './block-page.mjs';
import { serveTemp } from './serve-temp.mjs';

const runs = Number(process.env.LH_RUNS ?? 3);
const outDir = 'test-results/lighthouse';
fs.mkdirSync(outDir, { recursive: true });

const server = process.env.LH_URL
  ? { url: process.env.LH_URL.replace(/\/$/, ''), stop: async () => {} }
  : await serveTemp();

/**
 * The public pages to measure: the fixed ones, a category and a post of the seeded blog, and a page with
 * every block type made for the run (./block-page.mjs).
 */
async function pagesToMeasure() {
  if (process.env.LH_PATHS) {
    const paths = process.env.LH_PATHS.split(',');
    if (paths.includes('/every-block') && !process.env.LH_URL) await seedBlockPage(server.url);
    return paths;
  }
  const html = await (await fetch(`${server.url}/blogs`)).text();
  const post = /href="(\/blogs\/[^/"]+\/[^/"]+)"/.exec(html)?.[1];
  if (!post) throw new Error('No post link on /blogs: is the demo content seeded?');
  const pages = ['/', '/about-us', '/blogs', post.split('/').slice(0, 3).join('/'), post];
  return process.env.LH_URL ? pages : [...pages, await seedBlockPage(server.url)];
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows = [];
try {
  for (const path of await pagesToMeasure()) {
    const measured = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(server.url + path, { port: chrome.port, output: 'html', logLevel: 'error' });
      const lhr = result.lhr;
      // A run that could not load the page (e.g. a machine too busy) scores 0: say so instead of hiding it.
      if (lhr.runtimeError)
        console.warn(
          `${path}: Lighthouse could not measure the page: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        );
      if (run === runs - 1)
        fs.writeFileSync(`${outDir}/${path === '/' ? 'home' : path.replace(/\W+/g, '-').slice(1)}.html`, result.report);
      const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
      measured.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
        seo: Math.round(lhr.categories.seo.score * 100),
        'LCP s': lhr.audits['largest-contentful-paint'].numericValue / 1000,
        'FCP s': lhr.audits['first-contentful-paint'].numericValue / 1000,
        'TBT ms': lhr.audits['total-blocking-time'].numericValue,
        CLS: lhr.audits['cumulative-layout-shift'].numericValue,
        'JS bytes': scripts ? scripts.transferSize : 0,
      });
    }
    const row = { path: path.length > 40 ? `${path.slice(0, 39)}…` : path };
    for (const key of Object.keys(measured[0])) {
      const value = median(measured.map((m) => m[key]));
      row[key] = key.endsWith(' s') ? +value.toFixed(2) : key === 'CLS' ? +value.toFixed(3) : Math.round(value);
    }
    rows.push(row);
  }
  console.log(`\nLighthouse, mobile form factor and throttling, production build: median of ${runs} runs\n`);
  console.table(rows);
} finally {
  await chrome.kill();
  await server.stop();
}
