/**
 * The control panels of the built-in viz types, by viz_type: what Explore shows, defaults and validates.
 * Not part of the plugins' runtime definitions (ChartPlugin), so renderers (dashboards, <bi-chart>,
 * embedded charts) never load the panels and the shared controls they are built from; Explore is the
 * only importer. The incumbent keeps them apart too (its ChartControlPanelRegistry).
 */
import { bigNumberControlPanel, bigNumberTotalControlPanel } from './plugins/big-number/control-panel';
import { boxPlotControlPanel } from './plugins/box-plot/control-panel';
import { bubbleControlPanel } from './plugins/bubble/control-panel';
import { funnelControlPanel } from './plugins/funnel/control-panel';
import { gaugeControlPanel } from './plugins/gauge/control-panel';
import { heatmapControlPanel } from './plugins/heatmap/control-panel';
import { histogramControlPanel } from './plugins/histogram/control-panel';
import { pieControlPanel } from './plugins/pie/control-panel';
import { pivotTableControlPanel } from './plugins/pivot-table/control-panel';
import { tableControlPanel } from './plugins/table/control-panel';
import { timeseriesControlPanel } from './plugins/timeseries/control-panel';
import { wordCloudControlPanel } from './plugins/word-cloud/control-panel';
import { partitionControlPanel } from './plugins/partition/control-panel';
import { sunburstControlPanel } from './plugins/sunburst/control-panel';
import { treemapControlPanel } from './plugins/treemap/control-panel';
import { mixedTimeseriesControlPanel } from './plugins/mixed-timeseries/control-panel';
import { genericTimeseriesControlPanel } from './plugins/generic-timeseries/control-panel';
import { sankeyControlPanel } from './plugins/sankey/control-panel';
import { graphControlPanel } from './plugins/graph/control-panel';
import { treeControlPanel } from './plugins/tree/control-panel';
import { chordControlPanel } from './plugins/chord/control-panel';
import { waterfallControlPanel } from './plugins/waterfall/control-panel';
import { radarControlPanel } from './plugins/radar/control-panel';
import { ganttControlPanel } from './plugins/gantt/control-panel';
import { horizonControlPanel } from './plugins/horizon/control-panel';
import { popKpiControlPanel } from './plugins/pop-kpi/control-panel';
import { bulletControlPanel } from './plugins/bullet/control-panel';
import { handlebarsControlPanel } from './plugins/handlebars/control-panel';
import { timeTableControlPanel } from './plugins/time-table/control-panel';
import { calHeatmapControlPanel } from './plugins/cal-heatmap/control-panel';
import { roseControlPanel } from './plugins/rose/control-panel';
import { paraControlPanel } from './plugins/para/control-panel';
import { pairedTTestControlPanel } from './plugins/paired-ttest/control-panel';
import { timePivotControlPanel } from './plugins/time-pivot/control-panel';
import { worldMapControlPanel } from './plugins/world-map/control-panel';
import { DECK_CONTROL_PANELS } from './plugins/deck-family/control-panels';
import { deckMultiControlPanel } from './plugins/deck-multi/control-panel';
import { countryMapControlPanel } from './plugins/country-map/control-panel';
import type { ControlPanelConfig } from './controls/control-types';

const PANELS: ReadonlyMap<string, ControlPanelConfig> = new Map([
  ['table', tableControlPanel],
  ['echarts_timeseries_line', timeseriesControlPanel('line')],
  ['echarts_timeseries_bar', timeseriesControlPanel('bar')],
  ['echarts_area', timeseriesControlPanel('area')],
  ['echarts_timeseries_scatter', timeseriesControlPanel('scatter')],
  ['echarts_timeseries_step', timeseriesControlPanel('step')],
  ['echarts_timeseries_smooth', timeseriesControlPanel('smooth')],
  ['pie', pieControlPanel],
  ['big_number', bigNumberControlPanel],
  ['big_number_total', bigNumberTotalControlPanel],
  ['pivot_table_v2', pivotTableControlPanel],
  ['histogram_v2', histogramControlPanel],
  ['box_plot', boxPlotControlPanel],
  ['heatmap_v2', heatmapControlPanel],
  ['bubble_v2', bubbleControlPanel],
  ['funnel', funnelControlPanel],
  ['gauge_chart', gaugeControlPanel],
  ['word_cloud', wordCloudControlPanel],
  ['treemap_v2', treemapControlPanel],
  ['sunburst_v2', sunburstControlPanel],
  ['partition', partitionControlPanel],
  ['mixed_timeseries', mixedTimeseriesControlPanel],
  ['echarts_timeseries', genericTimeseriesControlPanel],
  ['sankey_v2', sankeyControlPanel],
  ['graph_chart', graphControlPanel],
  ['tree_chart', treeControlPanel],
  ['chord', chordControlPanel],
  ['waterfall', waterfallControlPanel],
  ['radar', radarControlPanel],
  ['gantt_chart', ganttControlPanel],
  ['horizon', horizonControlPanel],
  ['pop_kpi', popKpiControlPanel],
  ['bullet', bulletControlPanel],
  ['handlebars', handlebarsControlPanel],
  ['time_table', timeTableControlPanel],
  ['cal_heatmap', calHeatmapControlPanel],
  ['rose', roseControlPanel],
  ['para', paraControlPanel],
  ['paired_ttest', pairedTTestControlPanel],
  ['time_pivot', timePivotControlPanel],
  ['world_map', worldMapControlPanel],
  ...DECK_CONTROL_PANELS,
  ['deck_multi', deckMultiControlPanel],
  ['country_map', countryMapControlPanel],
]);

/** A viz type without a declared panel: Explore shows only its own sections (Time) for it. */
const NO_CONTROLS: ControlPanelConfig = Object.freeze({ sections: [] });

/** The viz types with a built-in control panel. */
export const CONTROL_PANEL_VIZ_TYPES: readonly string[] = [...PANELS.keys()].sort();

/**
 * The control panel of a viz type; an empty panel for one that has none. The same object on every call,
 * so callers may memoise on it.
 *
 * @example
 * getControlDefaults(getControlPanel('table')).query_mode; // 'aggregate'
 * getControlPanel('not_a_viz_type').sections; // []
 */
export function getControlPanel(vizType: string): ControlPanelConfig {
  return PANELS.get(vizType) ?? NO_CONTROLS;
}
