/** Types of the time-series family (line, bar, area, scatter, step, smooth), rendered with uPlot. */
import type { AnnotationLayer, QueryFormColumn, QueryFormData } from '@lumen-bi/core';
import type { CurrencyPlacement } from '../../shared/currency-format';
import type { BaseChartProps } from '../../shared/mount';

/** How series are drawn. */
export type SeriesKind = 'line' | 'bar' | 'area' | 'scatter' | 'step' | 'smooth';

/** How the x values are read. */
export type XMode = 'time' | 'linear' | 'category';

/** Form data of the time-series charts (the keys the incumbent's plugins read). */
export interface TimeseriesFormData extends QueryFormData {
  x_axis?: QueryFormColumn | null;
  stack?: string | boolean | null;
  bar_stacked?: boolean;
  opacity?: number;
  markerSize?: number;
  markerEnabled?: boolean;
  show_legend?: boolean;
  y_axis_format?: string | null;
  x_axis_time_format?: string | null;
  tooltipTimeFormat?: string | null;
  y_axis_bounds?: [number | null, number | null];
  sort_series_type?: string;
  sort_series_ascending?: boolean;
  truncate_metric?: boolean;
  logAxis?: boolean;
  zoomable?: boolean;
  seriesType?: string;
}

/** One drawn series. */
export interface TimeseriesSeries {
  name: string;
  color: string;
  /** The values as returned (for tooltips and aria); stacking never mutates them. */
  values: Float64Array | Array<number | null>;
  /** The tooltip's number format of this series when it differs from the chart's (a secondary axis). */
  format?: string;
  /** With `format`: the currency around this series' tooltip values (its axis' currency_format). */
  currency?: CurrencyPlacement | null;
}

/** Render props of the time-series charts. */
export interface TimeseriesProps extends BaseChartProps {
  kind: SeriesKind;
  xMode: XMode;
  /** uPlot's aligned data: x then one array per series (stacked totals when `stack`). */
  data: Array<Float64Array | Array<number | null>>;
  /** Category labels when xMode is 'category' (x holds their indices). */
  xLabels: string[];
  series: TimeseriesSeries[];
  stack: boolean;
  opacity: number;
  markerSize: number;
  showLegend: boolean;
  yFormat: string;
  /** The saved currency_format's symbol around y-axis ticks and tooltip values (null: none). */
  currency: CurrencyPlacement | null;
  xFormat: string;
  tooltipFormat: string;
  yBounds: [number | null, number | null];
  logAxis: boolean;
  /**
   * What a click cross-filters on (bar charts): a category x-axis column with the raw x value of each
   * point, and/or the single groupby column with the raw value of each series (parallel to `series`).
   */
  crossFilter: { xColumn: string | null; xValues: unknown[]; seriesColumn: string | null; seriesValues: string[] };
  /** The shown annotation layers and what the server answered for them; absent without any (annotations/). */
  annotations?: TimeseriesAnnotations;
}

/**
 * The annotation layers of a chart as its renderer receives them: drawn by annotations/annotate.ts, which the
 * renderer downloads only for a chart that has some.
 */
export interface TimeseriesAnnotations {
  /** The layers whose `show` is set, as saved. */
  layers: AnnotationLayer[];
  /** The chart-data result's annotation_data: per layer name, its records (or the incumbent's series). */
  data: unknown;
  /** The chart's colour scale: a layer without a colour takes its name's colour, as the incumbent's do. */
  scale: { getColor(name: string): string };
}
