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
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { budgetFailure, describeRollupBundle, measureBundle, reportLines } from './scripts/bundle-budgets.mjs';

const ROOT = dirname(fileURLToPath(import.meta.url));
const WORKSPACE_PACKAGES = ['core', 'charts', 'views', 'elements', 'embed'];
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.jsx', '.json'];

/** The URL prefix the server serves the app's assets under (packages/server/src/http/app-routes.ts). */
const APP_ASSET_PREFIX = '/static/';

/** Workspace packages compile from source, so a bundle never depends on a stale dist/ of another package. */
const workspaceAliases = () =>
  alias({
    entries: [
      // Subpath entries first: a bare `@lumen-bi/embed` entry would also rewrite `@lumen-bi/embed/guest`.
      ...Object.entries(WORKSPACE_SUBPATHS).map(([find, file]) => ({ find, replacement: join(ROOT, 'packages', file) })),
      ...WORKSPACE_PACKAGES.map((name) => ({ find: new RegExp(`^@lumen-bi/${name}$`), replacement: join(ROOT, 'packages', name, 'src', 'index.ts') })),
    ],
  });

/** The exports-map subpaths of workspace packages (package.json `exports`), by specifier. */
const WORKSPACE_SUBPATHS = {
  '@lumen-bi/embed/guest': 'embed/src/guest/index.ts',
  '@lumen-bi/embed/define': 'embed/src/define.ts',
  '@lumen-bi/elements/define': 'elements/src/define.ts',
};

/**
 * rollup-plugin-esbuild resolves relative imports itself (to find .ts files behind '.js' specifiers), also
 * inside node_modules. Those ids then lose the `sideEffects: false` of their package.json, which
 * node-resolve would have attached, so whole libraries stay in a bundle: importing only `decodeJwt` from
 * jose kept its JWE/JWS algorithm tables (about 1 KB min+gzip). Here it resolves only for our own sources.
 */
function esbuildForSources(options) {
  const plugin = esbuild(options);
  const resolveId = plugin.resolveId;
  plugin.resolveId = function (id, importer, ...rest) {
    if (importer && /[\\/]node_modules[\\/]/.test(importer)) return null;
    return resolveId.call(this, id, importer, ...rest);
  };
  return plugin;
}

/**
 * intl-messageformat without the ICU parser: catalogues reach the browser compiled to the ICU AST
 * (scripts/i18n-extract.mjs), so its `parse` is never called, and the no-parser build (same exports, `parse`
 * throws) saves about 7 KB min+gzip of every locale's first load (issue 21, docs/i18n.md).
 */
function icuRuntimeWithoutParser() {
  return alias({ entries: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: join(ROOT, 'node_modules/@formatjs/icu-messageformat-parser/no-parser.js') }] });
}

/**
 * JSON modules as ES modules (the world map's country codes and its topojson, a lazy chunk of their own):
 * JSON.parse of one string literal parses faster in browsers than the same object as a JS literal.
 */
function jsonModules() {
  return {
    name: 'lumen-json',
    transform(code, id) {
      if (!id.endsWith('.json')) return null;
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(code)))});`, map: { mappings: '' } };
    },
  };
}

/**
 * loaders.gl (deck.gl's data loading, in the deck charts' chunk) swaps its Node `worker_threads` module for a
 * browser one in its package.json "browser" field; node-resolve misses that swap for a package resolved
 * through "exports", which left a bare `import "worker_threads"` that browsers refuse. Applied here.
 */
function loadersGlBrowserSwap() {
  return {
    name: 'loaders-gl-browser-swap',
    resolveId(source, importer, options) {
      if (!source.endsWith('/node/worker_threads.js') || !importer?.includes('@loaders.gl/worker-utils')) return null;
      return this.resolve(source.replace('/node/worker_threads.js', '/node/worker_threads-browser.js'), importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * The plugins every browser bundle shares, in the order they must run. `packageSideEffects`: honour the
 * `sideEffects` of dependencies' package.json (esbuildForSources); on for the SDK bundles (elements, embed).
 */
function browserPlugins({ tsconfig, module = true, packageSideEffects = false }) {
  const esbuildOptions = { include: /\.[cm]?[jt]sx?$/, target: 'es2022', jsx: 'automatic', tsconfig, sourceMap: false };
  return [
    workspaceAliases(),
    icuRuntimeWithoutParser(),
    // Before commonjs, so React's `if (process.env.NODE_ENV === 'production')` picks its production build
    // and the development build is dropped entirely.
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    loadersGlBrowserSwap(),
    nodeResolve({ browser: true, extensions: EXTENSIONS }),
    jsonModules(),
    commonjs(),
    packageSideEffects ? esbuildForSources(esbuildOptions) : esbuild(esbuildOptions),
    // One compress pass: a second saved about 0.1 KB gzipped on the app and cost 4 s of a cold build.
    // `module: false` for scripts (IIFE): terser would otherwise drop the unused top-level global's `var`.
    terser({ ecma: 2020, module, format: { comments: false } }),
  ];
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(m?js|css|html|json|svg|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` next to every emitted text file, at maximum levels: the server
 * (@fastify/static `preCompressed`, packages/server/src/http/) sends them to browsers that accept them, so
 * no request pays for compression (brotli at level 11 is too slow to run per request).
 */
function precompress() {
  return {
    name: 'lumen-precompress',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue;
        const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
        const brotli = brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length } });
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.br`, source: brotli });
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.gz`, source: gzipSync(source, { level: 9 }) });
      }
    },
  };
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

/**
 * Prints each chunk's minified and gzipped size, and what the first page load costs, after the build, and
 * fails the build when a first load is over its budget (scripts/bundle-budgets.mjs). `budgets` (entry file
 * name -> KB min+gzip, from DESIGN.md; `{ kb, enforce: false }` to print a target without enforcing it) adds
 * each entry's first load (the entry and the chunks it imports statically) against its target. With
 * `perLazyEntry`, it also adds, for each lazy chunk the entry imports dynamically (a chart plugin family of
 * bi-chart.lite.js), the first load of a page that needs it against CHART_TYPE_BUDGETS: the entry's closure,
 * that chunk's and what it loads to draw (its geometry data apart).
 */
function sizeReport(label, { budgets = {}, perLazyEntry = false } = {}) {
  return {
    name: 'lumen-size-report',
    generateBundle(_options, bundle) {
      const measured = measureBundle(describeRollupBundle(bundle, (id) => this.getModuleInfo(id)), { budgets, perLazyEntry });
      console.log(reportLines(label, measured).join('\n'));
      const failure = budgetFailure(label, measured);
      if (failure) this.error(failure);
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
      sizeReport('app', { budgets: APP_BUDGETS }),
      precompress(),
    ],
    onwarn(warning, warn) {
      // React's packages carry "use client" directives that mean nothing in a client-only bundle.
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      warn(warning);
    },
  };
}

/**
 * Every bundle by name (each has a rollupStep in scripts/ensure-built.mjs): `app`, `elements` (React and lite
 * builds) and `embed` (ESM and IIFE).
 */
/** Warnings every browser bundle ignores. */
function onwarnBrowser(warning, warn) {
  // React's packages carry "use client" directives that mean nothing in a client-only bundle.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning);
}

/**
 * DESIGN.md "Performance budget": first-load targets in KB min+gzip, by entry file (or chunk) name. A build over
 * one fails (sizeReport); `enforce: false` prints the target without failing. bi-chart.lite.js's 60 KB is its own
 * first load; each chart type's (the element with that type's plugin) has the per-type table CHART_TYPE_BUDGETS
 * of scripts/bundle-budgets.mjs (60 KB; the deck.gl family 350 KB; map geometry apart).
 */
/** `embedDashboard` <= 5 KB. */
const EMBED_BUDGETS = { 'lumen-embed-dashboard.js': 5 };
const ELEMENT_BUDGETS = { react: { 'bi-elements.react.js': 250 }, lite: { 'bi-elements.lite.js': 250 }, 'chart-lite': { 'bi-chart.lite.js': 60 } };
/**
 * The app's first load <= 80 KB. Reported, not enforced: it is over today (93.4 KB min+gzip when this check
 * was added); enforce it once it is back under.
 */
const APP_BUDGETS = { main: { kb: 80, enforce: false } };

const PREACT_REACT = '\0lumen-preact-react';
const PREACT_DOM_CLIENT = '\0lumen-preact-dom-client';

/**
 * `react` for <bi-chart> lite: Preact itself, without preact/compat. Compat (1.9 KB min+gzip of every chart
 * type's first load) emulates React's DOM semantics (onChange, camelCase SVG attributes, Children, portals,
 * Suspense...) for code written for React; the chart element's own tree needs none of it: hooks, an error
 * boundary (a class component) and JSX, with each chart drawn by its framework-free plugin. Its two lazily
 * shown panels load through deferredComponent (views), not React.lazy and Suspense. Modules of the views
 * barrel that <bi-chart> never runs may import more (they resolve, and are tree-shaken); the build fails if
 * code it keeps uses a React API Preact lacks, or react-dom (compat).
 */
function preactWithoutCompat() {
  const NOT_IN_PREACT = '__notInPreact';
  const REACT_API =
    "export { Component, Fragment, cloneElement, createContext, createElement, createRef, isValidElement } from 'preact';\n" +
    "export { useCallback, useContext, useDebugValue, useEffect, useId, useImperativeHandle, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';\n" +
    // Any other name (lazy, useSyncExternalStore, ...: modules of the views barrel that <bi-chart> never runs
    // import them) is a property of this empty object; generateBundle fails the build if one is used.
    `export const ${NOT_IN_PREACT} = {};\n`;
  // react-dom/client's createRoot (what each element mounts with), as preact/compat/client does it over render.
  const DOM_CLIENT =
    "import { render } from 'preact';\n" +
    'export function createRoot(container) {\n' +
    "  return { render: (children) => { if (container.__k == null) container.textContent = ''; render(children, container); }, unmount: () => render(null, container) };\n" +
    '}\n';
  return {
    name: 'lumen-preact-without-compat',
    resolveId(id, importer) {
      if (id === 'react/jsx-runtime' || id === 'react/jsx-dev-runtime') return this.resolve('preact/jsx-runtime', importer, { skipSelf: true });
      if (id === 'react') return PREACT_REACT;
      if (id === 'react-dom/client') return PREACT_DOM_CLIENT;
      // Modules the views barrel reaches but <bi-chart> never runs (portals, SQL Lab's stores) import these:
      // compat, whose inclusion generateBundle below reports.
      if (id === 'react-dom' || /^use-sync-external-store\/shim(\/index\.js)?$/.test(id)) return this.resolve('preact/compat', importer, { skipSelf: true });
      return null;
    },
    load: (id) => (id === PREACT_REACT ? { code: REACT_API, syntheticNamedExports: NOT_IN_PREACT } : id === PREACT_DOM_CLIENT ? DOM_CLIENT : null),
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (chunk.modules[PREACT_REACT]?.renderedExports.includes(NOT_IN_PREACT)) {
          this.error(`<bi-chart> lite runs on Preact without preact/compat, but ${chunk.fileName} uses a React API Preact lacks (Preact has: ${REACT_API.match(/\{[^}]*\}/g).join(' ')}; see preactWithoutCompat in rollup.config.mjs)`);
        }
        const compat = Object.entries(chunk.modules).filter(([id, module]) => /[\\/]preact[\\/]compat[\\/]/.test(id) && module.renderedLength > 0);
        if (compat.length) this.error(`<bi-chart> lite runs on Preact without preact/compat, but ${chunk.fileName} holds ${compat.map(([id]) => id).join(', ')}: something it runs imports react-dom or a React API Preact lacks (see preactWithoutCompat in rollup.config.mjs)`);
      }
    },
  };
}

/**
 * <bi-chart> lite draws one chart and never shows a chart picker, so the picker's fields of each plugin's
 * metadata (the thumbnail SVG, description and tags, read only by Explore's viz type picker and the
 * create-chart gallery) are emptied in its build: 0.1 to 0.5 KB min+gzip of each chart type's first load. The element reads a plugin's metadata.vizType alone (lazy-plugins.ts). Runs after esbuild (plain JS).
 */
function withoutPickerMetadata() {
  const PICKER_FIELDS = { thumbnail: "''", description: "''", tags: '[]' };
  const keyOf = (property) => property.type === 'Property' && !property.computed && (property.key.name ?? property.key.value);
  return {
    name: 'lumen-without-picker-metadata',
    transform(code, id) {
      if (!/[\\/]packages[\\/]charts[\\/]src[\\/]plugins[\\/]/.test(id) || !code.includes('vizType')) return null;
      const edits = [];
      const visit = (node) => {
        if (!node || typeof node.type !== 'string') return;
        if (node.type === 'ObjectExpression' && node.properties.some((property) => keyOf(property) === 'vizType')) {
          for (const property of node.properties) {
            const empty = PICKER_FIELDS[keyOf(property)];
            if (empty && !property.shorthand) edits.push([property.value.start, property.value.end, empty]);
            else if (empty) edits.push([property.start, property.end, `${keyOf(property)}: ${empty}`]);
          }
        }
        for (const value of Object.values(node)) {
          if (Array.isArray(value)) value.forEach(visit);
          else if (value && typeof value === 'object') visit(value);
        }
      };
      visit(this.parse(code));
      if (!edits.length) return null;
      let out = code;
      for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
      return { code: out, map: null };
    },
  };
}

/**
 * One build of the elements (packages/elements) -> packages/elements/dist/bundle/ (after the package's tsup
 * build, whose clean step empties dist/). ESM, so the SQL Lab view stays in a lazy chunk; a page loads an
 * entry with <script type="module">.
 *
 * - `react`: react and react-dom stay imports (the host's React; peer dependencies). bi-elements.react.js
 *   registers all three elements.
 * - `lite`: react, react-dom and the JSX runtime are aliased to Preact's compat layer and bundled, so the
 *   page needs nothing else. bi-elements.lite.js registers all three elements.
 * - `chart-lite`: bi-chart.lite.js, which registers only <bi-chart> (the marketing-page budget), on Preact
 *   without its compat layer (preactWithoutCompat) and without the plugins' chart-picker metadata
 *   (withoutPickerMetadata). A build of its own: <bi-chart> loads its viz plugin on demand (loadChartPlugin),
 *   so here each plugin is a lazy chunk, while bi-elements.lite.js (whose dashboards register every plugin)
 *   keeps them in its own chunks instead of paying for that split.
 */
function elementsBundle(flavor) {
  const outDir = join(ROOT, 'packages', 'elements', 'dist', 'bundle');
  const src = (file) => join(ROOT, 'packages', 'elements', 'src', file);
  const lite = flavor === 'lite' || flavor === 'chart-lite';
  const input =
    flavor === 'chart-lite'
      ? { 'bi-chart.lite': 'virtual:lumen-bi-chart-define' }
      : flavor === 'lite'
        ? { 'bi-elements.lite': src('define.ts') }
        : { 'bi-elements.react': src('define.ts') };
  const preactCompat = alias({
    entries: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
    ],
  });
  const chartOnlyEntry = {
    name: 'lumen-bi-chart-define',
    resolveId: (id) => (id === 'virtual:lumen-bi-chart-define' ? id : null),
    load: (id) =>
      id === 'virtual:lumen-bi-chart-define'
        ? `import { chartElementClass } from ${JSON.stringify(src('chart-element.ts'))};\nif (!customElements.get('bi-chart')) customElements.define('bi-chart', chartElementClass());\n`
        : null,
  };
  return {
    input,
    external: lite ? [] : [/^react($|\/)/, /^react-dom($|\/)/],
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: `chunks/[name]-${flavor}-[hash].js`,
      generatedCode: 'es2015',
    },
    plugins: [
      ...(flavor === 'chart-lite' ? [preactWithoutCompat(), chartOnlyEntry] : flavor === 'lite' ? [preactCompat] : []),
      ...browserPlugins({ tsconfig: join(ROOT, 'packages', 'elements', 'tsconfig.json'), packageSideEffects: true }),
      ...(flavor === 'chart-lite' ? [withoutPickerMetadata()] : []),
      sizeReport(`elements (${flavor})`, { budgets: ELEMENT_BUDGETS[flavor], perLazyEntry: flavor === 'chart-lite' }),
      precompress(),
    ],
    onwarn: onwarnBrowser,
  };
}

/**
 * The embed SDK (packages/embed, no React) -> packages/embed/dist/bundle/ (after the package's tsup build):
 * - lumen-embed.js (ESM, registers nothing) and lumen-embed-define.js (registers <bi-embed>);
 * - lumen-embed.iife.js for a plain <script>: `window.LumenEmbed` (embedDashboard, embedChart, ...), and
 *   <bi-embed> registered.
 */
function embedBundles() {
  const outDir = join(ROOT, 'packages', 'embed', 'dist', 'bundle');
  const src = (file) => join(ROOT, 'packages', 'embed', 'src', file);
  const iifeEntry = {
    name: 'lumen-embed-iife-entry',
    resolveId: (id) => (id === 'virtual:lumen-embed-iife' ? id : null),
    load: (id) =>
      // The registration is written out here: embed's package.json marks only dist/define.js as having side
      // effects, so an `import './define'` of the source would be tree-shaken away.
      id === 'virtual:lumen-embed-iife'
        ? `import { BiEmbedElement } from ${JSON.stringify(src('index.ts'))};\nif (!customElements.get('bi-embed')) customElements.define('bi-embed', BiEmbedElement);\nexport * from ${JSON.stringify(src('index.ts'))};\n`
        : null,
  };
  const plugins = (label, module = true, budgets = {}) => [
    ...browserPlugins({ tsconfig: join(ROOT, 'packages', 'embed', 'tsconfig.json'), module, packageSideEffects: true }),
    sizeReport(label, { budgets }),
    precompress(),
  ];
  return [
    {
      // lumen-embed-dashboard.js is embedDashboard alone: what a host that imports only it loads first
      // (jose's decoder stays a lazy chunk), measured against the DESIGN.md budget.
      input: { 'lumen-embed': src('index.ts'), 'lumen-embed-define': src('define.ts'), 'lumen-embed-dashboard': src('embed-dashboard.ts') },
      output: { dir: outDir, format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', generatedCode: 'es2015' },
      plugins: plugins('embed (ESM)', true, EMBED_BUDGETS),
      onwarn: onwarnBrowser,
    },
    {
      input: 'virtual:lumen-embed-iife',
      // One file for a <script> tag: lazy imports (jose's decoder in token-refresh.ts) are inlined.
      output: { file: join(outDir, 'lumen-embed.iife.js'), format: 'iife', name: 'LumenEmbed', generatedCode: 'es2015', inlineDynamicImports: true },
      plugins: [iifeEntry, ...plugins('embed (IIFE)', false)],
      onwarn: onwarnBrowser,
    },
  ];
}

const BUNDLES = {
  app: appBundle,
  elements: () => [elementsBundle('react'), elementsBundle('lite'), elementsBundle('chart-lite')],
  embed: embedBundles,
};

export default function config(commandLineArgs) {
  const requested = commandLineArgs.configBundles ? String(commandLineArgs.configBundles).split(',') : Object.keys(BUNDLES);
  const unknown = requested.filter((name) => !(name in BUNDLES));
  if (unknown.length) throw new Error(`Unknown bundle(s) ${unknown.join(', ')}; known: ${Object.keys(BUNDLES).join(', ')}`);
  return requested.flatMap((name) => BUNDLES[name]());
}
