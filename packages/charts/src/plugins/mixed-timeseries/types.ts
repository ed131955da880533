/** Types of the mixed chart (mixed_timeseries): two queries on one x axis, each on a y axis of its choice. */
import type { QueryFormColumn, QueryFormMetric } from '@lumen-bi/core';
import type { CurrencyPlacement } from '../../shared/currency-format';
import type { SeriesKind, TimeseriesFormData, TimeseriesProps, TimeseriesSeries } from '../timeseries/types';

/**
 * Form data of the mixed chart, keyed as the incumbent saves it: query A's controls plain, query B's with
 * `_b` (query controls) or `B` (its look), the secondary axis' with `_secondary`/`Secondary`.
 */
export interface MixedTimeseriesFormData extends TimeseriesFormData {
  metrics_b?: QueryFormMetric[];
  groupby_b?: QueryFormColumn[];
  truncate_metric_b?: boolean;
  seriesType?: string;
  seriesTypeB?: string;
  area?: boolean;
  areaB?: boolean;
  stackB?: string | boolean | null;
  opacityB?: number;
  markerSizeB?: number;
  /** 0: the primary (left) y axis, 1: the secondary (right) one. */
  yAxisIndex?: number;
  yAxisIndexB?: number;
  y_axis_format_secondary?: string | null;
  y_axis_bounds_secondary?: [number | null, number | null];
  logAxisSecondary?: boolean;
}

/** A y axis of the chart. */
export type YAxisIndex = 0 | 1;

/** One drawn series of either query. */
export interface MixedSeries extends TimeseriesSeries {
  kind: SeriesKind;
  /** The query it comes from: 0 for A, 1 for B. */
  query: 0 | 1;
  axis: YAxisIndex;
  /** Stacked on the series before it of the same query (its data holds running totals). */
  stacked: boolean;
  opacity: number;
  markerSize: number;
}

/** The secondary (right) y axis. */
export interface SecondaryAxis {
  format: string;
  /** currency_format_secondary around the axis' ticks (null: none). */
  currency: CurrencyPlacement | null;
  bounds: [number | null, number | null];
  logAxis: boolean;
}

/** Render props of the mixed chart: the time-series props with per-series kinds and two y axes. */
export interface MixedTimeseriesProps extends TimeseriesProps {
  series: MixedSeries[];
  secondary: SecondaryAxis;
}
