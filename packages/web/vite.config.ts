import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Fastify server (packages/server) listens here in development and serves dist/ in production.
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
    // No manual chunks: the dynamic import()s in src/routes.tsx and admin-routes.tsx already keep
    // login and admin pages out of the public entry chunk.
  },
});
