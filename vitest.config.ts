import { defineConfig } from 'vitest/config';

/**
 * The suite on a 2-core machine: two forks, each running its test files one after another. Files share
 * the modules a fork has loaded (`isolate: false`): each file's own import of the bundle-sized module
 * graph took some 50 s of a 180 s run. A file that replaces a module with `vi.mock` needs the module
 * loaded afresh, so it runs in a project of its own with isolation on.
 */
const MOCKING = ['test/modes/accept-mode.test.ts'];

const shared = {
  // Property tests run with a fixed seed (test/support/fast-check-seed.ts).
  setupFiles: ['test/support/fast-check-seed.ts'],
  // End-to-end tests start local servers and, for a few, the bundled action; bound them.
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: 'shared-modules', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      { test: { ...shared, name: 'isolated', include: MOCKING, isolate: true } },
    ],
  },
});
