/**
 * The bundle budget check (scripts/bundle-budgets.mjs) that fails a rollup build over budget: measured here on
 * a described bundle, without a build.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { budgetFailure, chartTypeBudget, checkLine, measureBundle, moduleName } from './bundle-budgets.mjs';

/** `bytes` of code that gzip cannot shrink much (hex of chained hashes), distinct per `seed`. */
function code(seed: string, bytes: number): string {
  let out = '';
  for (let block = seed; out.length < bytes; ) {
    block = createHash('sha256').update(block).digest('hex');
    out += block;
  }
  return `export const data = "${out.slice(0, bytes)}";`;
}
const gzipKb = (...sources: string[]) => sources.reduce((total, source) => total + gzipSync(source, { level: 9 }).length, 0) / 1024;

interface Chunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  modules: string[];
  dynamicImports: Array<{ fileName: string; module: string }>;
}
const chunk = (fileName: string, source: string, more: Partial<Chunk> = {}): Chunk => ({
  fileName,
  code: source,
  isEntry: false,
  imports: [],
  modules: [`/src/${fileName.replace(/\.js$/, '.ts')}`],
  dynamicImports: [],
  ...more,
});

const ENTRY = 'bi-chart.lite.js';
const sources = {
  entry: code('entry', 8000),
  shared: code('shared', 4000),
  timeseries: code('timeseries', 6000),
  deck: code('deck', 3000),
  deckGl: code('deck.gl', 30000),
  tooltip: code('tooltip', 9000),
  shapes: code('shapes', 12000),
  map: code('map', 2000),
  loader: code('loader', 700),
  translatorLoading: code('translatorLoading', 300),
  catalogue: code('catalogue', 1500),
  runtime: code('runtime', 2500),
};

/**
 * bi-chart.lite.js with three chart types: timeseries (a shared chunk, a tooltip on hover), deck (deck.gl on
 * draw), a map (its shapes); and the locale loader, which loads the German catalogue (importing the
 * message-format runtime).
 */
function chartLite(): Chunk[] {
  return [
    chunk(ENTRY, sources.entry, {
      isEntry: true,
      dynamicImports: [
        { fileName: 'chunks/timeseries.js', module: '/charts/src/plugins/timeseries/index.ts' },
        { fileName: 'chunks/deck.js', module: '/charts/src/plugins/deck-family/index.ts' },
        { fileName: 'chunks/translator-loading.js', module: '/views/src/i18n/translator-loading.ts' },
        { fileName: 'chunks/map.js', module: '/charts/src/plugins/world-map/index.ts' },
      ],
    }),
    chunk('chunks/shared.js', sources.shared),
    chunk('chunks/timeseries.js', sources.timeseries, {
      imports: ['chunks/shared.js', ENTRY],
      dynamicImports: [{ fileName: 'chunks/tooltip.js', module: '/charts/src/shared/tooltip.ts' }],
    }),
    chunk('chunks/tooltip.js', sources.tooltip),
    chunk('chunks/deck.js', sources.deck, { imports: [ENTRY], dynamicImports: [{ fileName: 'chunks/renderers.js', module: '/charts/src/plugins/deck-shared/renderers.ts' }] }),
    chunk('chunks/renderers.js', sources.deckGl),
    chunk('chunks/map.js', sources.map, { imports: [ENTRY], dynamicImports: [{ fileName: 'chunks/countries.js', module: '/charts/src/plugins/world-map/countries-110m.json' }] }),
    chunk('chunks/countries.js', sources.shapes, { modules: ['/charts/src/plugins/world-map/countries-110m.json'] }),
    chunk('chunks/translator-loading.js', sources.translatorLoading, { dynamicImports: [{ fileName: 'chunks/locale-loader.js', module: '/core/src/i18n/locale-loader.ts' }] }),
    chunk('chunks/locale-loader.js', sources.loader, { dynamicImports: [{ fileName: 'chunks/locale-de.js', module: '/core/src/i18n/compiled/locale-de.ts' }] }),
    chunk('chunks/locale-de.js', sources.catalogue, { imports: ['chunks/format-compiled.js'] }),
    chunk('chunks/format-compiled.js', sources.runtime),
  ];
}

describe('bundle budgets', () => {
  it('gives each chart type its budget: 60 KB, 350 KB for the deck.gl family', () => {
    expect(chartTypeBudget('timeseries')).toBe(60);
    expect(chartTypeBudget('mixed-timeseries')).toBe(60);
    expect(chartTypeBudget('deck-family')).toBe(350);
    expect(chartTypeBudget('deckhouse')).toBe(60);
    expect(chartTypeBudget('b-map', { 'a*': 1, '*-map': 2, default: 3 })).toBe(2);
  });

  it('names a lazy chunk by the folder of the index it imports, else by its file', () => {
    expect(moduleName('/repo/packages/charts/src/plugins/mixed-timeseries/index.ts')).toBe('mixed-timeseries');
    expect(moduleName('C:\\repo\\packages\\elements\\src\\failure-panel.tsx')).toBe('failure-panel');
  });

  it("measures each chart type's first load: the entry, the type's chunks and what it loads to draw, not on-demand code nor geometry", () => {
    const { checks } = measureBundle(chartLite(), { budgets: { [ENTRY]: 60 }, perLazyEntry: true });
    const byName = Object.fromEntries(checks.map((check) => [check.name ?? check.entry, check]));
    expect(byName[ENTRY].gzip / 1024).toBeCloseTo(gzipKb(sources.entry), 6);
    // The tooltip loads on hover: not counted.
    expect(byName.timeseries.gzip / 1024).toBeCloseTo(gzipKb(sources.entry, sources.shared, sources.timeseries), 6);
    // deck.gl loads on the first draw: counted, against the deck budget.
    expect(byName['deck-family'].gzip / 1024).toBeCloseTo(gzipKb(sources.entry, sources.deck, sources.deckGl), 6);
    expect(byName['deck-family'].targetKb).toBe(350);
    // The map's shapes are geometry: apart, and said so.
    expect(byName['world-map'].gzip / 1024).toBeCloseTo(gzipKb(sources.entry, sources.map), 6);
    expect(byName['world-map'].apart / 1024).toBeCloseTo(gzipKb(sources.shapes), 6);
    expect(checkLine(byName['world-map'])).toMatch(/^ {2}with world-map: first load \d+\.\d KB min\+gzip, within the DESIGN\.md target of 60 KB \(geometry apart: \d+\.\d KB\)$/);
  });

  it('reports locale chunks apart from the chart types: the translator loading, the loader, then each catalogue with them and the runtime', () => {
    const { checks } = measureBundle(chartLite(), { budgets: { [ENTRY]: 60 }, perLazyEntry: true });
    // translator-loading can load every catalogue: as a chart type it would count them all.
    expect(checks.find((check) => check.name === 'translator-loading')).toMatchObject({ locale: true });
    expect(checks.find((check) => check.name === 'translator-loading')?.gzip! / 1024).toBeCloseTo(gzipKb(sources.translatorLoading), 6);
    expect(checks.find((check) => check.name === 'locale-loader')?.gzip! / 1024).toBeCloseTo(gzipKb(sources.translatorLoading, sources.loader), 6);
    const german = checks.find((check) => check.name === 'locale-de');
    expect(german?.gzip! / 1024).toBeCloseTo(gzipKb(sources.translatorLoading, sources.loader, sources.catalogue, sources.runtime), 6);
    expect(german?.enforce).toBe(false);
    expect(checks.at(-1)).toBe(german);
    expect(checkLine(german!)).toMatch(/^ {2}locale-de: \d+\.\d KB min\+gzip beyond the first load, within the target of 10 KB$/);
  });

  it('passes when every first load is within its target', () => {
    const measured = measureBundle(chartLite(), { budgets: { [ENTRY]: 60 }, perLazyEntry: true });
    expect(measured.checks.every((check) => !check.over)).toBe(true);
    expect(budgetFailure('elements (chart-lite)', measured)).toBeNull();
  });

  it('fails naming each entry and chart type over its target, with its size and the target', () => {
    const timeseriesKb = gzipKb(sources.entry, sources.shared, sources.timeseries);
    const deckKb = gzipKb(sources.entry, sources.deck, sources.deckGl);
    // Targets just under the timeseries and deck first loads (the entry and the map stay within).
    const target = Math.floor(timeseriesKb * 10) / 10 - 0.1;
    const measured = measureBundle(chartLite(), {
      budgets: { [ENTRY]: target },
      perLazyEntry: true,
      chartTypeBudgets: { 'deck-*': Math.floor(deckKb) - 1, default: target },
    });
    const failure = budgetFailure('elements (chart-lite)', measured);
    expect(failure).toBe(
      [
        'elements (chart-lite): over the bundle budget (DESIGN.md "Performance budget"; targets in rollup.config.mjs and scripts/bundle-budgets.mjs):',
        `  ${ENTRY} with deck-family: ${deckKb.toFixed(1)} KB min+gzip, target ${Math.floor(deckKb) - 1} KB`,
        `  ${ENTRY} with timeseries: ${timeseriesKb.toFixed(1)} KB min+gzip, target ${target} KB`,
      ].join('\n'),
    );
    expect(failure).not.toMatch(/world-map/);
  });

  it('fails on an entry over its own target, and only reports a target marked not enforced', () => {
    const entryKb = gzipKb(sources.entry);
    const over = measureBundle(chartLite(), { budgets: { [ENTRY]: 1 } });
    expect(over.checks).toHaveLength(1);
    expect(budgetFailure('app', over)).toBe(
      `app: over the bundle budget (DESIGN.md "Performance budget"; targets in rollup.config.mjs and scripts/bundle-budgets.mjs):\n  ${ENTRY}: ${entryKb.toFixed(1)} KB min+gzip, target 1 KB`,
    );
    const reported = measureBundle(chartLite(), { budgets: { [ENTRY]: { kb: 1, enforce: false } } });
    expect(budgetFailure('app', reported)).toBeNull();
    expect(checkLine(reported.checks[0])).toBe(`${ENTRY}: first load ${entryKb.toFixed(1)} KB min+gzip, OVER (reported, not enforced) the DESIGN.md target of 1 KB`);
  });
});
