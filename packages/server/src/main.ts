import { serve } from './serve.ts';

// The production server, on the system clock.
await serve();
