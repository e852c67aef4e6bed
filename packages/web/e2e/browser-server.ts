import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one Chromium listens (playwright's WebSocket endpoint). */
    browserEndpoint: string;
  }
}

/**
 * One Chromium for the whole run (vitest.e2e.config.ts globalSetup): every test file connects
 * to it (support.ts) and opens contexts of its own, which share nothing with another file's.
 * Starting a browser per file cost about a second each.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchBrowserServer();
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
