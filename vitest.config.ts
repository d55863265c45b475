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
        },
      },
    ],
  },
});
