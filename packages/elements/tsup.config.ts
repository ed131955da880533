import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/define.ts'],
  format: ['esm'],
  // composite (from tsconfig.base.json) makes tsup's declaration build reject files it reaches by import (TS6307).
  dts: { compilerOptions: { composite: false, paths: {} } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom'],
});
