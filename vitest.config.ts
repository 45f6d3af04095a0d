import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests run with a fixed seed (test/support/fast-check-seed.ts).
    setupFiles: ['test/support/fast-check-seed.ts'],
    // End-to-end tests spawn the bundled action and local servers; bound them.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
