/**
 * Browser bundles of Lumen BI. Run through scripts/ensure-built.mjs (which rebuilds a bundle only when its
 * inputs changed), or directly:
 *
 *   npx rollup -c                           every bundle
 *   npx rollup -c --configBundles app       only the named bundles (comma-separated)
 *
 * TypeScript and JSX go through esbuild (rollup-plugin-esbuild): it strips types without type-checking, which
 * keeps a cold build to a few seconds on two cores. Type-checking is `npm run typecheck` and the tsup builds.
 * Minification is terser, whose output is a little smaller than esbuild's.
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

const ROOT = dirname(fileURLToPath(import.meta.url));
const WORKSPACE_PACKAGES = ['core', 'charts', 'views', 'elements', 'embed'];
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.jsx', '.json'];

/** The URL prefix the server serves the app's assets under (packages/server/src/http/app-routes.ts). */
const APP_ASSET_PREFIX = '/static/';

/** Workspace packages compile from source, so a bundle never depends on a stale dist/ of another package. */
const workspaceAliases = () =>
  alias({
    entries: WORKSPACE_PACKAGES.map((name) => ({ find: `@lumen-bi/${name}`, replacement: join(ROOT, 'packages', name, 'src', 'index.ts') })),
  });

/** The plugins every browser bundle shares, in the order they must run. */
function browserPlugins({ tsconfig }) {
  return [
    workspaceAliases(),
    // Before commonjs, so React's `if (process.env.NODE_ENV === 'production')` picks its production build
    // and the development build is dropped entirely.
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: EXTENSIONS }),
    commonjs(),
    esbuild({ include: /\.[cm]?[jt]sx?$/, target: 'es2022', jsx: 'automatic', tsconfig, sourceMap: false }),
    // One compress pass: a second saved about 0.1 KB gzipped on the app and cost 4 s of a cold build.
    terser({ ecma: 2020, module: true, format: { comments: false } }),
  ];
}

/** Removes an output directory just before the new files are written, so old hashed files do not pile up. */
function cleanOutputDir(dir) {
  return {
    name: 'lumen-clean-output-dir',
    generateBundle() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Emits index.html with the entry script and a modulepreload link for each chunk the entry imports
 * statically, so the browser fetches them in parallel instead of discovering them one by one.
 */
function htmlPage({ title, prefix }) {
  return {
    name: 'lumen-html-page',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry) this.error('lumen-html-page: the bundle has no entry chunk');
      const preloads = entry.imports.map((file) => `    <link rel="modulepreload" href="${prefix}${file.replace(/^static\//, '')}">`);
      const html = [
        '<!doctype html>',
        '<html lang="en" data-bi-theme="default">',
        '  <head>',
        '    <meta charset="utf-8">',
        '    <meta name="viewport" content="width=device-width, initial-scale=1">',
        `    <title>${title}</title>`,
        // An empty icon: browsers otherwise request /favicon.ico, which the server answers 404.
        '    <link rel="icon" href="data:,">',
        '    <style>html, body { margin: 0; }</style>',
        ...preloads,
        `    <script type="module" src="${prefix}${entry.fileName.replace(/^static\//, '')}"></script>`,
        '  </head>',
        '  <body>',
        '    <div id="root"></div>',
        `    <noscript>${title} needs JavaScript.</noscript>`,
        '  </body>',
        '</html>',
        '',
      ].join('\n');
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html });
    },
  };
}

/** Prints each chunk's minified and gzipped size, and what the first page load costs, after the build. */
function sizeReport(label) {
  return {
    name: 'lumen-size-report',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((file) => file.type === 'chunk')
        .map((chunk) => ({ chunk, min: Buffer.byteLength(chunk.code), gzip: gzipSync(chunk.code, { level: 9 }).length }));
      const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
      const width = Math.max(...chunks.map(({ chunk }) => chunk.fileName.length), 10);
      const initial = new Set();
      const visit = (name) => {
        if (initial.has(name)) return;
        initial.add(name);
        bundle[name]?.imports?.forEach(visit);
      };
      chunks.filter(({ chunk }) => chunk.isEntry).forEach(({ chunk }) => visit(chunk.fileName));
      const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);
      const first = chunks.filter(({ chunk }) => initial.has(chunk.fileName));
      const lines = [
        `${label} bundle sizes (min, min+gzip):`,
        ...chunks.sort((a, b) => b.min - a.min).map(({ chunk, min, gzip }) => `${chunk.fileName.padEnd(width)} ${kb(min)} ${kb(gzip)}${chunk.isDynamicEntry ? '  (lazy)' : ''}`),
        `${'first load'.padEnd(width)} ${kb(sum(first, 'min'))} ${kb(sum(first, 'gzip'))}`,
        `${'total'.padEnd(width)} ${kb(sum(chunks, 'min'))} ${kb(sum(chunks, 'gzip'))}`,
      ];
      console.log(lines.join('\n'));
    },
  };
}

/** React and signals change rarely: their own chunk stays cached in browsers across app releases. */
function vendorChunks(id) {
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|@preact[\\/]signals-core|@preact[\\/]signals-react)[\\/]/.test(id)) return 'vendor';
  return undefined;
}

/**
 * The standalone app (packages/app) -> packages/app/dist: index.html plus static/*.js with content hashes
 * (served with long cache headers). Screens are split into lazy chunks by their dynamic imports.
 */
function appBundle() {
  const outDir = join(ROOT, 'packages', 'app', 'dist');
  return {
    input: { main: join(ROOT, 'packages', 'app', 'src', 'main.tsx') },
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: 'static/[name]-[hash].js',
      chunkFileNames: 'static/[name]-[hash].js',
      assetFileNames: 'static/[name]-[hash][extname]',
      manualChunks: vendorChunks,
      generatedCode: 'es2015',
    },
    plugins: [
      ...browserPlugins({ tsconfig: join(ROOT, 'packages', 'app', 'tsconfig.json') }),
      cleanOutputDir(outDir),
      htmlPage({ title: 'Lumen BI', prefix: APP_ASSET_PREFIX }),
      sizeReport('app'),
    ],
    onwarn(warning, warn) {
      // React's packages carry "use client" directives that mean nothing in a client-only bundle.
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      warn(warning);
    },
  };
}

/**
 * Every bundle by name. Slots for the bundles still to come (each also gets a rollupStep in
 * scripts/ensure-built.mjs and a size budget from DESIGN.md):
 *
 * - `elements`: packages/elements/src/define.ts -> packages/elements/dist/browser/, two builds of the same
 *   source. The React build bundles React (all three elements with React <= 250 KB min+gzip). The "lite"
 *   build aliases `react`, `react-dom` and `react/jsx-runtime` to `preact/compat` (and
 *   `preact/jsx-runtime`) so `<bi-chart>` fits a marketing page (<= 60 KB min+gzip).
 * - `embed`: packages/embed/src/index.ts -> packages/embed/dist/browser/ as ESM for bundlers and as an IIFE
 *   (global `LumenEmbed`) for a plain <script> tag; no React.
 */
const BUNDLES = {
  app: appBundle,
};

export default function config(commandLineArgs) {
  const requested = commandLineArgs.configBundles ? String(commandLineArgs.configBundles).split(',') : Object.keys(BUNDLES);
  const unknown = requested.filter((name) => !(name in BUNDLES));
  if (unknown.length) throw new Error(`Unknown bundle(s) ${unknown.join(', ')}; known: ${Object.keys(BUNDLES).join(', ')}`);
  return requested.map((name) => BUNDLES[name]());
}
