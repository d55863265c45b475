import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run Debian's Chromium (never a downloaded browser) against the production build. Three
 * servers, each with a fresh data folder: one for visitor and account flows, and two whose content the
 * editor tests change (so pages other tests read never shift under them). Ports and folders are chosen
 * once in the main process and inherited by the workers through the environment.
 */
// 7000–9999 holds none of the ports Chromium refuses to open (net/base/port_util.cc: 5060, 5061, 6000,
// 6566, 6665–6669, 6679, 6697 … below it, 10080 above): a server there once made a run fail with ERR_UNSAFE_PORT.
const base = 7000 + Math.floor(Math.random() * 999) * 3;
process.env.E2E_PORT ??= String(base);
process.env.E2E_EDITOR_PORT ??= String(base + 1);
process.env.E2E_EDITOR2_PORT ??= String(base + 2);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
process.env.E2E_EDITOR_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
process.env.E2E_EDITOR2_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
const port = Number(process.env.E2E_PORT);
const editorPort = Number(process.env.E2E_EDITOR_PORT);
const editor2Port = Number(process.env.E2E_EDITOR2_PORT);

const SERVER_ONLY = /(process|http-caching|cluster)\.spec\.ts/;
const EDITORS = /admin-editors.*\.spec\.ts/;
/**
 * The editor files are long serial chains (a file's tests build on each other). On one server, one after
 * another, they were the run's critical path; split over two servers, with the other half of the files
 * (every editor file not named here, so a new one is never left out), they run side by side.
 */
const EDITORS_ON_FIRST = /admin-editors-(sections|blog|subscriptions)\.spec\.ts/;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function server(listenPort: number, dataDir: string) {
  return {
    command: 'node build/node/main.js',
    url: `http://127.0.0.1:${listenPort}/api/get-content`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${listenPort}`,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-secret',
      CONTACT_TO: 'sales@example.com',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '50',
      // Counted visits reach the daily summaries within seconds (tests/e2e/admin-post-stats.spec.ts); the
      // summaries change no page or cache, are made again only when something was counted, and the job ticks
      // (one claim per job each 5 s) stay cheap for the other tests.
      ANALYTICS_SUMMARY_MS: '5000',
    },
  };
}

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 }, channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // Most of a browser test's time is waiting (the server, timers, animations), not the CPU: on 2 cores a
  // run alone took the same 9.6–9.9 min with or without other work on the machine (docs/measurements/test-run-times.md).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalTeardown: './tests/e2e/global-teardown.ts',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    // The editors' projects first: their serial chains are the longest work, so they start at once and
    // the short tests of the other projects fill the second worker around them.
    {
      name: 'editors',
      testMatch: EDITORS_ON_FIRST,
      fullyParallel: false,
      workers: 1,
      metadata: { dataDir: process.env.E2E_EDITOR_DATA_DIR },
      use: { ...desktop, baseURL: `http://127.0.0.1:${editorPort}` },
    },
    {
      name: 'editors-2',
      testMatch: EDITORS,
      testIgnore: EDITORS_ON_FIRST,
      fullyParallel: false,
      workers: 1,
      metadata: { dataDir: process.env.E2E_EDITOR2_DATA_DIR },
      use: { ...desktop, baseURL: `http://127.0.0.1:${editor2Port}` },
    },
    // Checks of the server itself (HTTP headers, process start and stop) need no viewport: run them once.
    { name: 'server', testMatch: SERVER_ONLY },
    { name: 'desktop', testIgnore: [SERVER_ONLY, EDITORS], use: desktop },
    {
      name: 'phone',
      testIgnore: [SERVER_ONLY, EDITORS],
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined },
    },
  ],
  webServer: [
    server(port, process.env.E2E_DATA_DIR),
    server(editorPort, process.env.E2E_EDITOR_DATA_DIR),
    server(editor2Port, process.env.E2E_EDITOR2_DATA_DIR),
  ],
});
