import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  // The base tsconfig is composite (for tsc -b); tsup's d.ts build rejects composite with TS6307.
  dts: { compilerOptions: { composite: false } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
