/**
 * The tsup build of a published SDK package (core, charts, views, embed, elements): one output module per
 * source module. Every source file is an entry and esbuild splits shared code, so each module keeps a file
 * of its own, imported with its real path (Node-resolvable, for SSR). A host's bundler can then drop whole
 * modules it does not use (`sideEffects` in package.json); a single bundled index.js keeps far more, since
 * statements such as `memo(...)` look side-effectful: with one file per package, a page with one <bi-chart>
 * carried most of the dashboard's views and every chart plugin (281 KB gzip; 94 KB this way).
 *
 * @example
 * export default defineConfig(libraryConfig({ index: 'src/index.ts', define: 'src/define.ts' }));
 */
import type { Options } from 'tsup';

/** Sources that are not part of the package: tests and test helpers. */
const NOT_SHIPPED = ['!src/**/*.test.ts', '!src/**/*.test.tsx', '!src/**/test-*.ts', '!src/**/*-test-support.ts', '!src/testing/**', '!src/**/*.d.ts'];

/**
 * @param publicEntries The declaration entries: output path (without extension) -> source, one per path of
 *   the exports map. Their JavaScript is emitted anyway (every module is).
 */
export function libraryConfig(publicEntries: Record<string, string>, options: Pick<Options, 'external' | 'noExternal' | 'onSuccess'> = {}): Options {
  return {
    entry: ['src/**/*.ts', 'src/**/*.tsx', ...NOT_SHIPPED],
    format: ['esm'],
    splitting: true,
    // composite (from tsconfig.base.json) makes tsup's declaration build reject files it reaches by import (TS6307);
    // no paths, so other workspace packages' declarations come from their dist/ as a host would see them.
    dts: { entry: publicEntries, compilerOptions: { composite: false, paths: {} } },
    sourcemap: true,
    clean: true,
    target: 'es2022',
    ...options,
  };
}
