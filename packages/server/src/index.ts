export { type AppOptions, buildApp } from './app.ts';
export { type Env, parseEnv } from './env.ts';
export type { AppRouter } from './trpc/router.ts';
