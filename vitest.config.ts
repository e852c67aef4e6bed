import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test files share their worker's modules (isolate: false): each worker imports the code once
// instead of once per file, which halves the run. A file that replaces a module (vi.mock) or
// fakes the timers needs a fresh module graph of its own, so those run isolated in
// 'server-mocks'; a test that stubs a global puts it back in afterEach (vi.unstubAllGlobals).
const MOCKING = ['test/sign-in-caps.test.ts', 'src/services/backups.test.ts'];

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on a 2-core machine is half of it.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], isolate: false } },
      { test: { name: 'db', root: 'packages/db', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: MOCKING,
          testTimeout: 30000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-mocks',
          root: 'packages/server',
          include: MOCKING,
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
