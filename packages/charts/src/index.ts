/**
 * @lumen-bi/charts: viz plugins (explicit registry keyed by viz_type; each plugin = metadata, buildQuery,
 * transformProps, render), their control panels by viz_type (Explore's), colour schemes and scales, row
 * thresholds.
 * Explicit named exports only.
 */
export { VERSION } from './version';
export type { ChartBehavior, ChartDataLoadContext, ChartInstance, ChartMetadata, ChartPlugin, ChartTheme, CrossFilterProps, CrossFilterSelection, TransformPropsInput } from './types';
export { isCrossFilterSelected, toggleCrossFilter } from './shared/cross-filter';
export { DEFAULT_CHART_THEME } from './types';
export type { ChartRegistry, ChartRegistryOptions } from './registry';
export { DEFAULT_VIZ_TYPE, createChartRegistry } from './registry';
export { RENDERED_EVENT } from './shared/rendered-event';
export type { BaseChartProps } from './shared/mount';
export {
  areaChartPlugin,
  barChartPlugin,
  lineChartPlugin,
  scatterChartPlugin,
  smoothChartPlugin,
  stepChartPlugin,
} from './plugins/timeseries/index';
export { registerBuiltInCharts } from './builtins';
export { LAZY_VIZ_TYPES, loadChartPlugin } from './lazy-plugins';
export { tablePlugin } from './plugins/table/index';
export { piePlugin } from './plugins/pie/index';
export { bigNumberPlugin, bigNumberTotalPlugin } from './plugins/big-number/index';
export type { TimeseriesProps, TimeseriesFormData, SeriesKind } from './plugins/timeseries/types';
export { checkAnnotationFormula } from './plugins/timeseries/annotations/check-formula';
export type { TableProps, TableColumn, TableFormData, ConditionalFormattingRule } from './plugins/table/types';
export { TABLE_PAGE_EVENT } from './plugins/table/render';
export type { PieProps, PieSlice } from './plugins/pie/types';
export type { BigNumberProps } from './plugins/big-number/types';
export type { ControlConfig, ControlItem, ControlPanelConfig, ControlPanelSection, ControlType, ValidatorSpec } from './controls/control-types';
export { CONTROL_PANEL_VIZ_TYPES, getControlPanel } from './control-panels';
export { INTEGER_MESSAGE, NON_EMPTY_MESSAGE, getControlDefaults, validateControls, validateValue } from './controls/validators';
export { SERIES_SORT_TYPES, SHARED_CONTROLS } from './controls/shared-controls';
export { CATEGORICAL_SCHEMES, DEFAULT_SCHEME, SCHEME_NAMES, SEQUENTIAL_SCHEMES, getCategoricalScheme, sequentialColor } from './colors/schemes';
export type { CategoricalColorScale, CategoricalColorScaleOptions } from './colors/categorical-color-scale';
export { createCategoricalColorScale } from './colors/categorical-color-scale';
export type { ColorSource, LabelsColorMap } from './colors/labels-color-map';
export { createLabelsColorMap } from './colors/labels-color-map';
export { INVALID_COLOR_MESSAGE, isValidOpacity, validateColor } from './colors/validate-color';
export type { RowGate, RowThresholdState } from './shared/row-threshold';
export { ROW_BLOCK_THRESHOLD, ROW_WARNING_THRESHOLD, rowGate, rowThresholdState } from './shared/row-threshold';
export type { SeriesSortType } from './shared/series-sort';
export { sortSeries } from './shared/series-sort';
export { observeResize } from './shared/resize';
export { resolveCssColor } from './shared/theme-colors';
export { pivotTablePlugin } from './plugins/pivot-table/index';
export { histogramPlugin } from './plugins/histogram/index';
export { boxPlotPlugin } from './plugins/box-plot/index';
export { heatmapPlugin } from './plugins/heatmap/index';
export { bubblePlugin } from './plugins/bubble/index';
export { funnelPlugin } from './plugins/funnel/index';
export { gaugePlugin } from './plugins/gauge/index';
export { wordCloudPlugin } from './plugins/word-cloud/index';
export type { PivotTableProps, PivotHeaderCell, PivotBodyRow, PivotCell } from './plugins/pivot-table/types';
export { AGGREGATE_FUNCTION_NAMES, getAggregateFunction } from './plugins/pivot-table/aggregators';
export type { HistogramProps, HistogramSeries } from './plugins/histogram/types';
export type { BoxPlotProps, BoxStats } from './plugins/box-plot/types';
export type { HeatmapProps, HeatmapCell } from './plugins/heatmap/types';
export type { BubbleProps, Bubble } from './plugins/bubble/types';
export type { FunnelProps, FunnelStep } from './plugins/funnel/types';
export type { GaugeProps, GaugeValue, GaugeInterval } from './plugins/gauge/types';
export type { WordCloudProps, CloudWord, PlacedWord } from './plugins/word-cloud/types';
export { layoutWords } from './plugins/word-cloud/layout';
export { treemapPlugin } from './plugins/treemap/index';
export { sunburstPlugin } from './plugins/sunburst/index';
export { partitionPlugin } from './plugins/partition/index';
export type { TreemapProps, TreemapRect } from './plugins/treemap/types';
export type { SunburstProps, SunburstArc } from './plugins/sunburst/types';
export type { PartitionProps, IciclePanel, IcicleNode } from './plugins/partition/types';
export type { TreeDatum, TreeNode } from './plugins/hierarchy-common/tree';
export { waterfallPlugin } from './plugins/waterfall/index';
export { radarPlugin } from './plugins/radar/index';
export { ganttPlugin } from './plugins/gantt/index';
export { horizonPlugin } from './plugins/horizon/index';
export type { WaterfallProps, WaterfallBar, WaterfallKind } from './plugins/waterfall/types';
export type { RadarProps, RadarAxis, RadarSeries } from './plugins/radar/types';
export type { GanttProps, GanttBar, GanttCategory } from './plugins/gantt/types';
export type { HorizonProps, HorizonSeries } from './plugins/horizon/types';
export { MARKDOWN_ALLOWED_ATTRIBUTES, MARKDOWN_ALLOWED_TAGS, sanitizeHtml } from './shared/sanitize-html';
export { DASHBOARD_CSS_SCOPE, sanitizeCss, sanitizeDeclaration, sanitizeDeclarations } from './shared/sanitize-css';
export { DEFAULT_VIEWPORT, VIEWPORT_RANGES, type DeckViewport } from './plugins/deck-shared/viewport';
export { DECK_VIEW_EVENT } from './plugins/deck-shared/view-event';
