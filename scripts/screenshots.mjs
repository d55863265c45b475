// Takes full-page screenshots of public pages at desktop (1366 px) and phone (390 px) width into
// test-results/screens/, for looking at what visitors see: `node scripts/screenshots.mjs [baseUrl]`.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const pages = (process.argv[3] ?? '/,/about-us,/nope').split(',');
const out = 'test-results/screens';
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const [name, width, height] of [
  ['desktop', 1366, 800],
  ['phone', 390, 844],
]) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // A full-page shot does not scroll, so lazy images below the fold would stay blank: load them all.
    await page.evaluate(() =>
      document.querySelectorAll('img[loading="lazy"]').forEach((img) => (img.loading = 'eager')),
    );
    // Scroll through the page so scroll-driven styles settle, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const file = `${out}/${name}${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL !== '0' });
    console.log(file);
  }
  await context.close();
}
await browser.close();
