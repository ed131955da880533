/**
 * Bundle budgets (DESIGN.md "Performance budget"), measured on every rollup build (rollup.config.mjs,
 * sizeReport) and enforced there: a build whose bundle is over an enforced budget fails, naming each entry and
 * chart type that is over, with its size and its target. Sizes are min+gzip (gzip level 9, as the server's
 * precompressed files), in KB of 1024 bytes, each chunk compressed on its own as a browser downloads it.
 *
 * A first load is an entry chunk with the chunks it imports statically, transitively. For `<bi-chart>` lite
 * (`perLazyEntry`), each chunk the entry imports dynamically (a chart plugin family, loaded for the chart's
 * viz type) adds a first load of its own: the entry's, that chunk's, and what that chunk loads to draw, i.e.
 * the chunks it imports dynamically in turn, except
 * - geometry data: a chunk made only of JSON modules (the world map's and the country map's shapes), which
 *   DESIGN.md budgets apart ("maps: geometry loaded apart");
 * - ON_DEMAND_MODULES: code a chart loads only when it needs it, not to draw (a tooltip on first hover,
 *   cross-filter controls, the empty state, the row-limit panel).
 * Anything else a chart imports lazily (deck.gl, which a deck chart loads on its first draw) counts.
 *
 * Locale chunks (issue 21: `translator-loading`, the `locale-loader`, and each `locale-*` catalogue with the
 * message-format runtime it imports) are no chart type: a page loads them only for a non-English locale, so each is reported apart,
 * as its download beyond the entry's first load (a catalogue's with the loader's), against LOCALE_BUDGET.
 *
 * Pure functions over a described bundle (describeRollupBundle), so scripts/bundle-budgets.test.ts checks
 * them without a build.
 */
import { gzipSync } from 'node:zlib';

/**
 * Per chart type first-load budgets of bi-chart.lite.js in KB min+gzip, by the name of the type's lazy chunk
 * (its plugin folder: `deck-family` holds every deck_* viz type). The first matching pattern wins (`*` matches
 * any characters); `default` for every other type.
 */
export const CHART_TYPE_BUDGETS = Object.freeze({
  // issue 20: deck.gl itself, loaded on a deck chart's first draw, is most of it.
  'deck-*': 350,
  default: 60,
});

/**
 * Lazily imported modules that are not part of drawing a chart: a chart loads each only when it needs it.
 * Matched against the id of the module an import() names.
 */
export const ON_DEMAND_MODULES = Object.freeze([
  /[\\/]charts[\\/]src[\\/]shared[\\/]tooltip\.ts$/, // the first hover
  /[\\/]charts[\\/]src[\\/]plugins[\\/]timeseries[\\/]cross-filter-ui\.ts$/, // a dashboard that cross-filters
  /[\\/]charts[\\/]src[\\/]shared[\\/]empty-state\.ts$/, // a result without rows
  /[\\/]charts[\\/]src[\\/]shared[\\/]row-gate-panel\.ts$/, // a result over the row limit
  // A time-series chart's annotation layers (and, from there, the formula evaluator), only when its form data
  // shows some: issue 22 keeps them out of every first load.
  /[\\/]charts[\\/]src[\\/]plugins[\\/]timeseries[\\/]annotations[\\/]annotate\.ts$/,
  // MapLibre (maplibre-gl), the deck charts' base map only where LUMEN_MAP_STYLE_URL configures a style;
  // the default, offline base map never loads it.
  /[\\/]charts[\\/]src[\\/]plugins[\\/]deck-shared[\\/]style-base-map\.ts$/,
]);

/**
 * The modules an import() names on a non-English page's way to its catalogue: views' translator-loading (what
 * a LocaleProvider imports the first time a subtree is not in English), core's locale loader and each
 * catalogue (packages/core/src/i18n/compiled/locale-de.ts). None of them draws a chart: measured as locale
 * downloads, not as chart types (counted as one, translator-loading would add every catalogue it can load).
 */
export const LOCALE_CHUNK = /^(locale-|translator-loading$)/;

/**
 * What a non-English page downloads beyond the first load for its locale (catalogue + runtime), KB
 * min+gzip: reported, not enforced, while the catalogues grow towards every UI string (issue 21).
 */
export const LOCALE_BUDGET = Object.freeze({ kb: 10, enforce: false });

const KB = 1024;
/** `61.2 KB`. */
export const formatKb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** The budget of a lazy chunk named `name` in `table` (CHART_TYPE_BUDGETS). */
export function chartTypeBudget(name, table = CHART_TYPE_BUDGETS) {
  for (const [pattern, kb] of Object.entries(table)) {
    if (pattern === 'default') continue;
    const regex = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    if (regex.test(name)) return kb;
  }
  return table.default;
}

/** A target's KB and whether going over it fails the build: `60`, or `{ kb: 80, enforce: false }`. */
const targetOf = (budget) => (typeof budget === 'number' ? { kb: budget, enforce: true } : { kb: budget.kb, enforce: budget.enforce !== false });

/**
 * The people's name of the module an import() names: its folder for an index file (plugins/timeseries/index.ts
 * -> timeseries), else its file name without extension (failure-panel.tsx -> failure-panel).
 */
export function moduleName(moduleId) {
  const parts = String(moduleId).split(/[\\/]/);
  const file = parts.at(-1).replace(/\.[cm]?[jt]sx?$/, '');
  return file === 'index' && parts.length > 1 ? parts.at(-2) : file;
}

/**
 * What the budgets need of a rollup bundle (generateBundle's `bundle`): per chunk its code, static imports,
 * modules and the modules its import() calls name, by the chunk that holds them. `getModuleInfo` is the plugin
 * context's.
 */
export function describeRollupBundle(bundle, getModuleInfo) {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const chunkOfModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk.fileName])));
  return chunks.map((chunk) => ({
    fileName: chunk.fileName,
    name: chunk.name,
    code: chunk.code,
    isEntry: chunk.isEntry,
    imports: chunk.imports,
    modules: chunk.moduleIds,
    dynamicImports: [
      ...new Map(
        chunk.moduleIds
          .flatMap((id) => getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          // Only the import() calls of code the chunk kept (chunk.dynamicImports lists the files they load).
          .filter((id) => chunkOfModule.has(id) && chunk.dynamicImports.includes(chunkOfModule.get(id)))
          .map((id) => [`${chunkOfModule.get(id)}\0${id}`, { fileName: chunkOfModule.get(id), module: id }]),
      ).values(),
    ],
  }));
}

/**
 * Sizes of a described bundle and its first loads against `budgets` (entry file or chunk name -> KB, or
 * { kb, enforce })
 * and, with `perLazyEntry`, each lazy chunk of those entries against `chartTypeBudgets`.
 *
 * @returns {{ chunks: Array<{ fileName: string, min: number, gzip: number, lazy: boolean }>,
 *   firstLoad: { min: number, gzip: number }, total: { min: number, gzip: number },
 *   checks: Array<{ entry: string, name: string | null, gzip: number, apart: number, targetKb: number, enforce: boolean, over: boolean }> }}
 */
export function measureBundle(chunks, { budgets = {}, perLazyEntry = false, chartTypeBudgets = CHART_TYPE_BUDGETS, onDemand = ON_DEMAND_MODULES } = {}) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const sizes = new Map(chunks.map((chunk) => [chunk.fileName, { min: Buffer.byteLength(chunk.code), gzip: gzipSync(chunk.code, { level: 9 }).length }]));
  const lazyFiles = new Set(chunks.flatMap((chunk) => chunk.dynamicImports.map((target) => target.fileName)));
  /** File names loaded before `names` run: themselves and their static imports, transitively. */
  const closureOf = (names, into = new Set()) => {
    const walk = (name) => {
      if (into.has(name)) return;
      into.add(name);
      byName.get(name)?.imports.forEach(walk);
    };
    names.forEach(walk);
    return into;
  };
  const sum = (names, key) => [...names].reduce((total, name) => total + (sizes.get(name)?.[key] ?? 0), 0);
  const isGeometry = (fileName) => {
    const modules = byName.get(fileName)?.modules ?? [];
    return modules.length > 0 && modules.every((id) => /\.json$/.test(id));
  };
  const isOnDemand = (module) => onDemand.some((pattern) => pattern.test(module));
  /** A lazy chunk's first load beyond `base`: its closure and what it loads to draw; geometry is counted apart. */
  const drawLoad = (fileName, base) => {
    const loaded = closureOf([fileName], new Set(base));
    const apart = new Set();
    for (let grew = true; grew; ) {
      grew = false;
      // The entry's own import() calls are the other chart types: only what this chunk added loads to draw.
      for (const name of [...loaded].filter((file) => !base.has(file))) {
        for (const target of byName.get(name)?.dynamicImports ?? []) {
          if (loaded.has(target.fileName) || apart.has(target.fileName) || isOnDemand(target.module)) continue;
          if (isGeometry(target.fileName)) apart.add(target.fileName);
          else {
            closureOf([target.fileName], loaded);
            grew = true;
          }
        }
      }
    }
    return { gzip: sum(loaded, 'gzip'), apart: sum(apart, 'gzip') };
  };

  const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const initial = closureOf(entries);
  const checks = Object.entries(budgets).flatMap(([entry, budget]) => {
    const { kb, enforce } = targetOf(budget);
    // An entry by file name, or by chunk name for content-hashed files (the app's `main`).
    const file = byName.has(entry) ? entry : chunks.find((chunk) => chunk.isEntry && chunk.name === entry)?.fileName;
    if (!file) throw new Error(`Bundle budget for ${entry}, which is no entry of this bundle (entries: ${entries.join(', ')})`);
    const base = closureOf([file]);
    const entryCheck = { entry, name: null, gzip: sum(base, 'gzip'), apart: 0, targetKb: kb, enforce, over: sum(base, 'gzip') / KB > kb };
    if (!perLazyEntry) return [entryCheck];
    const lazy = new Map();
    for (const name of base) for (const target of byName.get(name)?.dynamicImports ?? []) if (!base.has(target.fileName) && !lazy.has(target.fileName)) lazy.set(target.fileName, moduleName(target.module));
    /** A locale chunk's download beyond the first load (after `before`), then the locale chunks it loads in turn (a loader's catalogues). */
    const localeLoads = (fileName, name, before) => {
      const loaded = closureOf([fileName], new Set(before));
      const gzip = sum([...loaded].filter((file) => !base.has(file)), 'gzip');
      const check = { entry, name, locale: true, gzip, apart: 0, targetKb: LOCALE_BUDGET.kb, enforce: LOCALE_BUDGET.enforce, over: gzip / KB > LOCALE_BUDGET.kb };
      const nested = (byName.get(fileName)?.dynamicImports ?? []).filter((target) => LOCALE_CHUNK.test(moduleName(target.module)) && !loaded.has(target.fileName));
      return [check, ...nested.flatMap((target) => localeLoads(target.fileName, moduleName(target.module), loaded))];
    };
    const localeChecks = [...lazy].filter(([, name]) => LOCALE_CHUNK.test(name)).flatMap(([fileName, name]) => localeLoads(fileName, name, base));
    const lazyChecks = [...lazy].filter(([, name]) => !LOCALE_CHUNK.test(name)).map(([fileName, name]) => {
      const { gzip, apart } = drawLoad(fileName, base);
      const targetKb = chartTypeBudget(name, chartTypeBudgets);
      return { entry, name, gzip, apart, targetKb, enforce, over: gzip / KB > targetKb };
    });
    return [entryCheck, ...lazyChecks.sort((a, b) => b.gzip - a.gzip), ...localeChecks];
  });
  return {
    chunks: chunks.map((chunk) => ({ fileName: chunk.fileName, ...sizes.get(chunk.fileName), lazy: lazyFiles.has(chunk.fileName) })),
    firstLoad: { min: sum(initial, 'min'), gzip: sum(initial, 'gzip') },
    total: { min: sum(byName.keys(), 'min'), gzip: sum(byName.keys(), 'gzip') },
    checks,
  };
}

/** One check as a line of the report. */
export function checkLine({ entry, name, locale = false, gzip, apart, targetKb, enforce, over }) {
  const verdict = over ? (enforce ? 'OVER' : 'OVER (reported, not enforced)') : 'within';
  if (locale) return `  ${name}: ${formatKb(gzip)} min+gzip beyond the first load, ${verdict} the target of ${targetKb} KB`;
  const geometry = apart ? ` (geometry apart: ${formatKb(apart)})` : '';
  return `${name ? `  with ${name}` : entry}: first load ${formatKb(gzip)} min+gzip, ${verdict} the DESIGN.md target of ${targetKb} KB${geometry}`;
}

/** The report printed after a build: every chunk's sizes, the first load, the total and each check. */
export function reportLines(label, { chunks, firstLoad, total, checks }) {
  const width = Math.max(...chunks.map((chunk) => chunk.fileName.length), 10);
  const kb = (bytes) => formatKb(bytes).padStart(10);
  return [
    `${label} bundle sizes (min, min+gzip):`,
    ...[...chunks].sort((a, b) => b.min - a.min).map((chunk) => `${chunk.fileName.padEnd(width)} ${kb(chunk.min)} ${kb(chunk.gzip)}${chunk.lazy ? '  (lazy)' : ''}`),
    `${'first load'.padEnd(width)} ${kb(firstLoad.min)} ${kb(firstLoad.gzip)}`,
    `${'total'.padEnd(width)} ${kb(total.min)} ${kb(total.gzip)}`,
    ...checks.map(checkLine),
  ];
}

/**
 * The build's error when an enforced budget is exceeded, naming each entry and chart type that is over with
 * its size and target; null when every enforced budget holds.
 *
 * @example
 * budgetFailure('elements (chart-lite)', measured);
 * // 'elements (chart-lite): over the bundle budget (DESIGN.md "Performance budget"):\n  bi-chart.lite.js with mixed-timeseries: 61.2 KB min+gzip, target 60 KB ...'
 */
export function budgetFailure(label, { checks }) {
  const over = checks.filter((check) => check.over && check.enforce);
  if (!over.length) return null;
  return [
    `${label}: over the bundle budget (DESIGN.md "Performance budget"; targets in rollup.config.mjs and scripts/bundle-budgets.mjs):`,
    ...over.map((check) => `  ${check.entry}${check.name ? ` with ${check.name}` : ''}: ${formatKb(check.gzip)} min+gzip, target ${check.targetKb} KB`),
  ].join('\n');
}
