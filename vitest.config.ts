import { defineConfig } from 'vitest/config';

// Two layers run from the root: `unit` (pure rules and the web app's logic) and `api`
// (the server in process through app.inject, against PGlite and, when reachable, PostgreSQL).
// The end-to-end layer has its own config in e2e/.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/tests/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/server/src/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          // tests/: checks across the apps (the web's cart model against the real server).
          include: ['apps/server/test/**/*.test.ts', 'tests/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is single-threaded WASM; two workers match this machine's two cores.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Issue 17: two server processes on one PostgreSQL behind HAProxy (tests/scale).
          name: 'scale',
          include: ['tests/scale/**/*.scale.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
