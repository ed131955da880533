/**
 * The incumbent's series-type setting (`seriesType`, with the `area` checkbox) -> how Lumen draws the
 * series. Read by the charts that pick the series kind in their form data (echarts_timeseries,
 * mixed_timeseries) rather than by viz type.
 */
import type { SeriesKind } from './types';

/**
 * The incumbent's series types (its enum values). Anything else draws as a line, as in the incumbent: its
 * example mixed chart saves `seriesTypeB: echarts_timeseries_bar`, which it draws as a line.
 */
const KINDS: Readonly<Record<string, SeriesKind>> = {
  line: 'line',
  bar: 'bar',
  scatter: 'scatter',
  smooth: 'smooth',
  start: 'step',
  middle: 'step',
  end: 'step',
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
