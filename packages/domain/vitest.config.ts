import { defineConfig } from 'vitest/config';

// Used by `npx vitest` inside this package and by Stryker; the root config runs the same
// files as part of the `unit` project.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
  },
});
