import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * Two pages, so each element's first load can be measured on its own: index.html (<Dashboard>, React
 * component) and chart.html (<bi-chart> registered through its own entry). A manifest lists what each page
 * loads (test/e2e/host-vite.test.ts reads it).
 */
export default defineConfig({
  // The e2e test serves the build under /; a real host may change this.
  base: '/',
  build: {
    manifest: true,
    // The SDK's bundles are modern ESM; no legacy transforms.
    target: 'es2022',
    rollupOptions: {
      input: { dashboard: resolve(import.meta.dirname, 'index.html'), chart: resolve(import.meta.dirname, 'chart.html') },
    },
  },
});
