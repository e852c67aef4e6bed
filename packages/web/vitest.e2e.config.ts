import { defineConfig } from 'vitest/config';
import LongestFirst from './e2e/longest-first.ts';

/**
 * End-to-end tests of the public pages in real Chromium (scripts/e2e.sh starts the server and
 * passes its address in E2E_BASE_URL). Kept out of the root config's `web` project: they need a
 * running server and a browser, so `vitest run` at the root never picks them up.
 */
export default defineConfig({
  test: {
    name: 'web-e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    // One Chromium for the run; each file connects to it (e2e/browser-server.ts).
    globalSetup: ['e2e/browser-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what a page shows after a round trip to the server: Vitest's default second
    // is too short when the machine is loaded (a CI run lost the grid's reload to it), ten are not.
    expect: { poll: { timeout: 10_000 } },
    // scripts/e2e.sh starts one server per worker (E2E_SERVERS, default 1, as --maxWorkers) and
    // a file uses the server of its worker (VITEST_POOL_ID, e2e/support.ts): with two, files run
    // side by side, each on a database of its own; the tests of one file run one after the other.
    fileParallelism: true,
    // A worker imports Playwright, the support code and core once for all the files it runs, not
    // once per file (that was a minute of the run's CPU); support.ts keeps nothing of one file
    // for the next (its date answers are forgotten after each file: a file may have changed the data).
    isolate: false,
    // The longest files first (e2e/longest-first.ts), so both cores stay busy to the end.
    sequence: { sequencer: LongestFirst },
  },
});
