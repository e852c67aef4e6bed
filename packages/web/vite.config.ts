import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

// The Fastify server (packages/server) listens here in development and serves dist/ in production.
const backend = 'http://127.0.0.1:3000';

/**
 * A plugin that makes a build of its own into the app's output folder once the app is built
 * (`build` names what differs): the service worker and the stop widget.
 */
function buildAfterApp(name: string, options: NonNullable<Parameters<typeof build>[0]>['build']): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: import.meta.dirname,
        publicDir: false,
        logLevel: 'warn',
        build: { outDir, emptyOutDir: false, copyPublicDir: false, ...options },
      });
    },
  };
}

/**
 * The service worker (sw/sw.ts) as dist/sw.js: one classic script at the root (its scope is the
 * whole site; Firefox and older Safari run no module workers), built after the app into the
 * same folder. It has no hash in its name: the server sends it no-cache.
 */
function serviceWorker(): Plugin {
  return buildAfterApp('bus-service-worker', {
    lib: {
      entry: fileURLToPath(new URL('./sw/sw.ts', import.meta.url)),
      formats: ['iife'],
      name: 'busServiceWorker',
      fileName: () => 'sw.js',
    },
  });
}

/**
 * The stop widget for other sites (embed.html, issue 42) as a build of its own into the same
 * folder: dist/embed.html and its few files under dist/assets/. Apart from the app's build, so
 * nothing of the app (React, the router, the home's bundle) comes with it, and the home's first
 * load is not changed by it; the server answers /embed/stop/{id} with this page. No modulepreload
 * helper: it fetches one chunk after its entry, its language's words.
 */
function stopWidget(): Plugin {
  return buildAfterApp('bus-stop-widget', {
    modulePreload: false,
    rolldownOptions: { input: fileURLToPath(new URL('./embed.html', import.meta.url)) },
  });
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), serviceWorker(), stopWidget()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/trpc': backend,
      '/api': backend,
      '/healthz': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser that runs this app supports <link rel=modulepreload>: no polyfill.
    modulePreload: {
      polyfill: false,
      // The sign-in, the admin board and the server's messages (shown only with an error) fetch
      // their shared chunks after them instead of in parallel: their file names stay out of the
      // home's entry script (the 80 KB budget). Their stylesheets are still loaded with them.
      resolveDependencies: (file, deps) =>
        /(^|\/)(login-page|admin-area|server-messages)/.test(file) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        // Everything the timetable home needs at start goes into one chunk (fewer requests, one
        // gzip window); lazy pages, the calendar and the admin area keep their own chunks.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
