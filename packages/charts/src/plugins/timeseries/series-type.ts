/**
 * The incumbent's series-type setting (`seriesType`, with the `area` checkbox) -> how Lumen draws the
 * series. Read by the charts that pick the series kind in their form data (echarts_timeseries,
 * mixed_timeseries) rather than by viz type.
 */
import type { SeriesKind } from './types';

/**
 * The incumbent's series types: its enum values, plus the viz-type names its example bundle saves in
 * mixed charts (`seriesTypeB: echarts_timeseries_bar` means bars, as its author meant).
 */
const KINDS: Readonly<Record<string, SeriesKind>> = {
  line: 'line',
  bar: 'bar',
  scatter: 'scatter',
  smooth: 'smooth',
  start: 'step',
  middle: 'step',
  end: 'step',
  echarts_timeseries_line: 'line',
  echarts_timeseries_bar: 'bar',
  echarts_timeseries_scatter: 'scatter',
  echarts_timeseries_smooth: 'smooth',
  echarts_timeseries_step: 'step',
  echarts_area: 'area',
};

/** The series types of the incumbent's picker ([value, label]), for the charts' control panels. */
export const SERIES_TYPE_CHOICES = [
  ['line', 'Line'],
  ['scatter', 'Scatter'],
  ['smooth', 'Smooth Line'],
  ['bar', 'Bar'],
  ['start', 'Step - start'],
  ['middle', 'Step - middle'],
  ['end', 'Step - end'],
] as const;

/**
 * The kind of a series type; lines unless known. A line with `area` set is an area (bars and points
 * ignore it, as the incumbent does).
 *
 * @example
 * seriesKindOf('bar', false); // 'bar'
 * seriesKindOf('line', true); // 'area'
 * seriesKindOf(undefined, false); // 'line'
 */
export function seriesKindOf(seriesType: unknown, area: unknown): SeriesKind {
  const kind = (typeof seriesType === 'string' && KINDS[seriesType]) || 'line';
  return area === true && (kind === 'line' || kind === 'smooth' || kind === 'step') ? 'area' : kind;
}
