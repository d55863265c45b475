// `npm run lighthouse`: runs Lighthouse (mobile, default throttling) with Debian's Chromium against the
// production build on `/` and `/about-us`, and prints the four category scores, LCP, TBT, CLS and the
// bytes of JavaScript transferred. Full reports are saved under test-results/lighthouse/.
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serveTemp } from './serve-temp.mjs';

const paths = (process.env.LH_PATHS ?? '/,/about-us').split(',');
const outDir = 'test-results/lighthouse';
fs.mkdirSync(outDir, { recursive: true });

const server = await serveTemp();
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
  for (const path of paths) {
    const result = await lighthouse(server.url + path, { port: chrome.port, output: 'html', logLevel: 'error' });
    const lhr = result.lhr;
    // A run that could not load the page (e.g. a machine too busy) scores 0: say so instead of hiding it.
    if (lhr.runtimeError)
      console.warn(
        `${path}: Lighthouse could not measure the page: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    fs.writeFileSync(`${outDir}/${path === '/' ? 'home' : path.replace(/\W+/g, '')}.html`, result.report);
    const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
    rows.push({
      path,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
      seo: Math.round(lhr.categories.seo.score * 100),
      LCP: lhr.audits['largest-contentful-paint'].displayValue,
      TBT: lhr.audits['total-blocking-time'].displayValue,
      CLS: lhr.audits['cumulative-layout-shift'].displayValue,
      'JS bytes': scripts ? scripts.transferSize : 0,
    });
  }
  console.log('\nLighthouse, mobile form factor and throttling, production build\n');
  console.table(rows);
} finally {
  await chrome.kill();
  await server.stop();
}
