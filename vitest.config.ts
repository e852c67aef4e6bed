import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test files share their worker's modules (isolate: false): each worker imports the code once
// instead of once per file, which halves the run. A file that replaces a module (vi.mock) or
// fakes the timers needs a fresh module graph of its own, so those run isolated in
// 'server-mocks'; a test that stubs a global puts it back in afterEach (vi.unstubAllGlobals).
const MOCKING = ['test/sign-in-caps.test.ts', 'src/services/backups.test.ts'];

// Timeouts bound a run, they assert nothing: a machine running two test commands at once (the
// reliability check of issue 39) makes every test slower, and the real data's setup of a server
// test may then take longer than Vitest's 10 s for a hook.
const BOUNDS = { hookTimeout: 60_000, testTimeout: 60_000 };

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on a 2-core machine is half of it.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          ...BOUNDS,
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          isolate: false,
        },
      },
      { test: { ...BOUNDS, name: 'db', root: 'packages/db', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          ...BOUNDS,
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Passwords hashed at a lower scrypt cost (what a sign-in checks is named by each hash).
          setupFiles: ['test/cheap-passwords.ts'],
          exclude: MOCKING,
          isolate: false,
        },
      },
      {
        test: {
          ...BOUNDS,
          name: 'server-mocks',
          root: 'packages/server',
          include: MOCKING,
        },
      },
      {
        test: {
          ...BOUNDS,
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
