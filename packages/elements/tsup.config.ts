import { defineConfig } from 'tsup';

/**
 * One entry per public path of the exports map (package.json). @lumen-bi/core, charts, views and embed are
 * dependencies, so they stay imports (tsup externalizes dependencies): a host build holds one copy of each.
 */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    define: 'src/define.ts',
    'define-dashboard': 'src/define-dashboard.ts',
    'define-chart': 'src/define-chart.ts',
    'define-sqllab': 'src/define-sqllab.ts',
    react: 'src/react/index.ts',
  },
  format: ['esm'],
  // composite (from tsconfig.base.json) makes tsup's declaration build reject files it reaches by import (TS6307).
  dts: { compilerOptions: { composite: false, paths: {} } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom'],
});
