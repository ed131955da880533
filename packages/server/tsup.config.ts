import { defineConfig } from 'tsup';

/**
 * The server bundles the workspace's core package (source) and keeps npm dependencies external.
 * parse-worker is the entry of the threads that parse uploads (src/parse-worker/worker-script.ts finds it
 * next to the bundle as dist/parse-worker.js).
 */
export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts', 'parse-worker': 'src/parse-worker/parse-worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: false,
  sourcemap: true,
  clean: true,
  noExternal: [/^@lumen-bi\//],
  banner: { js: "import { createRequire as __lumenCreateRequire } from 'node:module'; const require = __lumenCreateRequire(import.meta.url);" },
});
