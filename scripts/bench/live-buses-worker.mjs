// The buses' thread (live-buses.ts) in TypeScript: a worker does not take tsx's --import, so it
// registers tsx itself first.
import { register } from 'tsx/esm/api';

register();
await import('./live-buses.ts');
