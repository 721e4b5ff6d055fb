import { defineConfig } from 'vitest/config';

// Journeys through the real product: the built web app and the server, started once for the
// run by global-setup with a fresh database and the sandbox on.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: two cores serve the server and Chromium.
    fileParallelism: false,
  },
});
