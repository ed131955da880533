/**
 * Per-viz-type lazy loading of the built-in plugins: each plugin family is a dynamic import, so a bundle
 * that renders one chart (<bi-chart>) downloads only that chart's code. registerBuiltInCharts stays the
 * eager way (the app, dashboards); both register the same plugin objects.
 */
import type { ChartRegistry } from './registry';
import type { ChartPlugin } from './types';

type Loader = () => Promise<ChartPlugin[]>;
const as = (plugins: unknown[]) => plugins as ChartPlugin[];

const timeseries: Loader = () =>
  import('./plugins/timeseries/index').then((m) =>
    as([m.lineChartPlugin, m.barChartPlugin, m.areaChartPlugin, m.scatterChartPlugin, m.stepChartPlugin, m.smoothChartPlugin]),
  );
/** Every deck type's plugin (small: queries and props); deck.gl itself loads on a deck chart's first draw. */
const deck: Loader = () =>
  import('./plugins/deck-family/index').then((m) =>
    as([m.deckScatterPlugin, m.deckArcPlugin, m.deckHexPlugin, m.deckGridPlugin, m.deckHeatmapPlugin, m.deckScreengridPlugin, m.deckContourPlugin, m.deckPathPlugin, m.deckPolygonPlugin, m.deckGeojsonPlugin, m.deckMultiPlugin]),
  );
const bigNumber: Loader = () => import('./plugins/big-number/index').then((m) => as([m.bigNumberPlugin, m.bigNumberTotalPlugin]));

/** The loader of each built-in viz type. */
const LOADERS: Readonly<Record<string, Loader>> = {
  table: () => import('./plugins/table/index').then((m) => as([m.tablePlugin])),
  echarts_timeseries_line: timeseries,
  echarts_timeseries_bar: timeseries,
  echarts_area: timeseries,
  echarts_timeseries_scatter: timeseries,
  echarts_timeseries_step: timeseries,
  echarts_timeseries_smooth: timeseries,
  pie: () => import('./plugins/pie/index').then((m) => as([m.piePlugin])),
  big_number: bigNumber,
  big_number_total: bigNumber,
  pivot_table_v2: () => import('./plugins/pivot-table/index').then((m) => as([m.pivotTablePlugin])),
  histogram_v2: () => import('./plugins/histogram/index').then((m) => as([m.histogramPlugin])),
  box_plot: () => import('./plugins/box-plot/index').then((m) => as([m.boxPlotPlugin])),
  heatmap_v2: () => import('./plugins/heatmap/index').then((m) => as([m.heatmapPlugin])),
  bubble_v2: () => import('./plugins/bubble/index').then((m) => as([m.bubblePlugin])),
  funnel: () => import('./plugins/funnel/index').then((m) => as([m.funnelPlugin])),
  gauge_chart: () => import('./plugins/gauge/index').then((m) => as([m.gaugePlugin])),
  word_cloud: () => import('./plugins/word-cloud/index').then((m) => as([m.wordCloudPlugin])),
  treemap_v2: () => import('./plugins/treemap/index').then((m) => as([m.treemapPlugin])),
  sunburst_v2: () => import('./plugins/sunburst/index').then((m) => as([m.sunburstPlugin])),
  partition: () => import('./plugins/partition/index').then((m) => as([m.partitionPlugin])),
  mixed_timeseries: () => import('./plugins/mixed-timeseries/index').then((m) => as([m.mixedTimeseriesPlugin])),
  echarts_timeseries: () => import('./plugins/generic-timeseries/index').then((m) => as([m.genericTimeseriesPlugin])),
  sankey_v2: () => import('./plugins/sankey/index').then((m) => as([m.sankeyPlugin])),
  graph_chart: () => import('./plugins/graph/index').then((m) => as([m.graphPlugin])),
  tree_chart: () => import('./plugins/tree/index').then((m) => as([m.treePlugin])),
  chord: () => import('./plugins/chord/index').then((m) => as([m.chordPlugin])),
  waterfall: () => import('./plugins/waterfall/index').then((m) => as([m.waterfallPlugin])),
  radar: () => import('./plugins/radar/index').then((m) => as([m.radarPlugin])),
  gantt_chart: () => import('./plugins/gantt/index').then((m) => as([m.ganttPlugin])),
  horizon: () => import('./plugins/horizon/index').then((m) => as([m.horizonPlugin])),
  pop_kpi: () => import('./plugins/pop-kpi/index').then((m) => as([m.popKpiPlugin])),
  bullet: () => import('./plugins/bullet/index').then((m) => as([m.bulletPlugin])),
  handlebars: () => import('./plugins/handlebars/index').then((m) => as([m.handlebarsPlugin])),
  time_table: () => import('./plugins/time-table/index').then((m) => as([m.timeTablePlugin])),
  cal_heatmap: () => import('./plugins/cal-heatmap/index').then((m) => as([m.calHeatmapPlugin])),
  rose: () => import('./plugins/rose/index').then((m) => as([m.rosePlugin])),
  para: () => import('./plugins/para/index').then((m) => as([m.paraPlugin])),
  paired_ttest: () => import('./plugins/paired-ttest/index').then((m) => as([m.pairedTTestPlugin])),
  time_pivot: () => import('./plugins/time-pivot/index').then((m) => as([m.timePivotPlugin])),
  deck_scatter: deck,
  deck_arc: deck,
  deck_hex: deck,
  deck_grid: deck,
  deck_heatmap: deck,
  deck_screengrid: deck,
  deck_contour: deck,
  deck_path: deck,
  deck_polygon: deck,
  deck_geojson: deck,
  deck_multi: deck,
  world_map: () => import('./plugins/world-map/index').then((m) => as([m.worldMapPlugin])),
  country_map: () => import('./plugins/country-map/index').then((m) => as([m.countryMapPlugin])),
};

/** The viz types loadChartPlugin knows (the built-in ones). */
export const LAZY_VIZ_TYPES: readonly string[] = Object.keys(LOADERS).sort();

/**
 * Loads the plugin of `vizType` (and its family) into `registry`, unless it is there already. Resolves
 * false for a viz type that is not built in (the chart container then reports "Unknown viz type").
 *
 * @example
 * const registry = createChartRegistry();
 * await loadChartPlugin(registry, formData.viz_type);
 * registry.get(formData.viz_type).buildQuery(formData);
 */
export async function loadChartPlugin(registry: ChartRegistry, vizType: string): Promise<boolean> {
  if (registry.has(vizType)) return true;
  const load = LOADERS[vizType];
  if (!load) return false;
  for (const plugin of await load()) if (!registry.has(plugin.metadata.vizType)) registry.register(plugin);
  return registry.has(vizType);
}
