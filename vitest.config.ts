import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The API files mostly wait (on databases, SMTP servers, timers): three at once take two thirds of
    // the time on a 2-core machine, where Vitest's default would run one.
    maxWorkers: 3,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As the browser suite does in CI (playwright.config.ts): the API suite runs beside it on two
          // cores (docs/decisions/0026-fast-test-runs.md), where a test that waits on real timers can be
          // starved once; a second failure is a failure.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
