import { defineConfig } from 'tsup';

/** The server bundles the workspace's core package (source) and keeps npm dependencies external. */
export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: false,
  sourcemap: true,
  clean: true,
  noExternal: [/^@lumen-bi\//],
  banner: { js: "import { createRequire as __lumenCreateRequire } from 'node:module'; const require = __lumenCreateRequire(import.meta.url);" },
});
