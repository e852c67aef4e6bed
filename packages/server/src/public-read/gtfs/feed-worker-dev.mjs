// The feeds' process from the TypeScript sources (tests, pnpm dev): registers tsx's loader in
// this process, then runs feed-worker.ts. The production build runs dist/feed-worker.js itself.
import { register } from 'tsx/esm/api';

register();
await import('./feed-worker.ts');
