// Production build of the server: packages/server/dist/main.js and the feeds' thread beside it, so production
// runs plain Node (no TypeScript compiler at start). The workspace packages (@bus/core,
// @bus/db, this one) are TypeScript and bundled in; everything from node_modules stays an
// import resolved at run time (native better-sqlite3 among them). dist/ sits at the depth of
// src/, so paths made from import.meta.url (env.ts's REPO_ROOT) mean the same in both.
import { rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'dist'), { recursive: true, force: true });

// More entry points, named as arguments (`node scripts/build.mjs test/serve-at.ts`), are bundled
// the same way beside main.js: test/multi-process.test.ts runs its servers as dist/serve-at.js,
// production's build with the clock fixed. Production's own build takes none.
const more = Object.fromEntries(
  process.argv.slice(2).map((file) => [basename(file, '.ts'), resolve(root, file)]),
);

const startedAt = performance.now();
await build({
  // The feeds' thread (public-read/gtfs/feed-publisher.ts starts dist/feed-worker.js beside main.js).
  entryPoints: {
    main: join(root, 'src/main.ts'),
    'feed-worker': join(root, 'src/public-read/gtfs/feed-worker.ts'),
    ...more,
  },
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        // Bare imports that are not ours: left for Node to resolve from node_modules.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bus/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(
  `built packages/server/dist/${['main', 'feed-worker', ...Object.keys(more)].map((name) => `${name}.js`).join(', ')} in ${Math.round(performance.now() - startedAt)} ms`,
);
