import { chromium } from '@playwright/test';
const base = process.argv[2]; const paths = process.argv.slice(3);
const res = await fetch(base + '/api/auth/login-user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'admin-secret' }) });
const { data } = await res.json();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h] of [[1366, 900], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  await ctx.addInitScript(([t, u]) => { localStorage.setItem('isLoggedIn', 'true'); localStorage.setItem('token', t); localStorage.setItem('user', JSON.stringify(u)); }, [data.token, data.user]);
  const page = await ctx.newPage();
  for (const p of paths) {
    await page.goto(base + p); await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shot-${p.replace(/\W/g, '_')}-${w}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
