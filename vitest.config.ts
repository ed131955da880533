import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));
/** Workspace packages resolve to their sources in tests, so no build is needed to test a change. */
const alias = {
  '@lumen-bi/core': src('core'),
  '@lumen-bi/charts': src('charts'),
  '@lumen-bi/views': src('views'),
  '@lumen-bi/elements': src('elements'),
  '@lumen-bi/embed': src('embed'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      { resolve: { alias }, test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'test/api/**/*.test.ts', 'test/security/**/*.test.ts', 'test/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Server tests share the machine's PostgreSQL/MariaDB; files run in parallel forks, 2 cores.
          pool: 'forks',
          maxWorkers: 2,
          // Projects run in groups: pure logic first, then the server (databases), then the browser.
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'views',
          include: [
            'packages/charts/src/**/*.test.{ts,tsx}',
            'packages/views/src/**/*.test.{ts,tsx}',
            'packages/elements/src/**/*.test.{ts,tsx}',
            'packages/embed/src/**/*.test.{ts,tsx}',
            'packages/app/src/**/*.test.{ts,tsx}',
            // The Custom Elements Manifest's generator against the running element classes.
            'scripts/**/*.test.ts',
          ],
          environment: 'happy-dom',
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
