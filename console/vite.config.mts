import { defineConfig } from 'vite';

// The console is served by the api under /console (api/console-static.ts): every asset path is
// absolute under that base, hashed file names make them cacheable for a year, and nothing is
// fetched from a CDN, so the page works offline.
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: false, chunkSizeWarningLimit: 1024 },
  oxc: { jsx: { runtime: 'automatic' } },
  logLevel: 'warn',
});
