// The feeds' thread from the TypeScript sources (tests, pnpm dev): registers tsx's loader in
// this thread, then runs feed-worker.ts. The production build runs dist/feed-worker.js itself.
import { register } from 'tsx/esm/api';

register();
await import('./feed-worker.ts');
