import { defineConfig } from 'tsup';

export default defineConfig({
  // One entry per public path of the exports map: the root, the guest page's side, and the registering entry.
  entry: { index: 'src/index.ts', guest: 'src/guest/index.ts', define: 'src/define.ts' },
  format: ['esm'],
  // composite (from tsconfig.base.json) makes tsup's declaration build reject files it reaches by import (TS6307).
  dts: { compilerOptions: { composite: false, paths: {} } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
