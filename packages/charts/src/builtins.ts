/** Registration of the built-in plugins into a caller-owned registry. */
import { bigNumberPlugin, bigNumberTotalPlugin } from './plugins/big-number/index';
import { piePlugin } from './plugins/pie/index';
import { tablePlugin } from './plugins/table/index';
import { areaChartPlugin, barChartPlugin, lineChartPlugin, scatterChartPlugin, smoothChartPlugin, stepChartPlugin } from './plugins/timeseries/index';
import { boxPlotPlugin } from './plugins/box-plot/index';
import { bubblePlugin } from './plugins/bubble/index';
import { funnelPlugin } from './plugins/funnel/index';
import { gaugePlugin } from './plugins/gauge/index';
import { heatmapPlugin } from './plugins/heatmap/index';
import { histogramPlugin } from './plugins/histogram/index';
import { pivotTablePlugin } from './plugins/pivot-table/index';
import { wordCloudPlugin } from './plugins/word-cloud/index';
import { partitionPlugin } from './plugins/partition/index';
import { sunburstPlugin } from './plugins/sunburst/index';
import { treemapPlugin } from './plugins/treemap/index';
import { mixedTimeseriesPlugin } from './plugins/mixed-timeseries/index';
import { genericTimeseriesPlugin } from './plugins/generic-timeseries/index';
import { sankeyPlugin } from './plugins/sankey/index';
import { graphPlugin } from './plugins/graph/index';
import { treePlugin } from './plugins/tree/index';
import { chordPlugin } from './plugins/chord/index';
import { waterfallPlugin } from './plugins/waterfall/index';
import { radarPlugin } from './plugins/radar/index';
import { ganttPlugin } from './plugins/gantt/index';
import { horizonPlugin } from './plugins/horizon/index';
import { popKpiPlugin } from './plugins/pop-kpi/index';
import { bulletPlugin } from './plugins/bullet/index';
import { handlebarsPlugin } from './plugins/handlebars/index';
import { timeTablePlugin } from './plugins/time-table/index';
import { calHeatmapPlugin } from './plugins/cal-heatmap/index';
import { rosePlugin } from './plugins/rose/index';
import { paraPlugin } from './plugins/para/index';
import { pairedTTestPlugin } from './plugins/paired-ttest/index';
import { timePivotPlugin } from './plugins/time-pivot/index';
import { worldMapPlugin } from './plugins/world-map/index';
import { countryMapPlugin } from './plugins/country-map/index';
import * as deck from './plugins/deck-family/index';
import type { ChartRegistry } from './registry';

/**
 * Registers every built-in viz type.
 *
 * @example
 * const registry = registerBuiltInCharts(createChartRegistry());
 * registry.has('echarts_timeseries_line'); // true
 */
export function registerBuiltInCharts(registry: ChartRegistry): ChartRegistry {
  for (const plugin of [
    tablePlugin, lineChartPlugin, barChartPlugin, areaChartPlugin, scatterChartPlugin, stepChartPlugin, smoothChartPlugin,
    piePlugin, bigNumberPlugin, bigNumberTotalPlugin,
    pivotTablePlugin, histogramPlugin, boxPlotPlugin, heatmapPlugin, bubblePlugin, funnelPlugin, gaugePlugin, wordCloudPlugin,
    treemapPlugin, sunburstPlugin, partitionPlugin,
    sankeyPlugin, graphPlugin, treePlugin, chordPlugin,
    mixedTimeseriesPlugin,
    genericTimeseriesPlugin,
    waterfallPlugin, radarPlugin, ganttPlugin, horizonPlugin,
    popKpiPlugin,
    bulletPlugin,
    handlebarsPlugin,
    timeTablePlugin, calHeatmapPlugin, rosePlugin,
    paraPlugin, pairedTTestPlugin, timePivotPlugin,
    worldMapPlugin, countryMapPlugin,
    ...Object.values(deck),
  ]) registry.register(plugin);
  return registry;
}
