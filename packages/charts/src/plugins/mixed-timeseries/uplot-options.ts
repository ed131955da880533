/**
 * uPlot options of the mixed chart: the time-series options (x axis, primary y axis, hooks) with each
 * series drawn its own way, on the left (primary) or right (secondary) y axis.
 */
import type uPlot from 'uplot';
import { formatWithCurrency } from '../../shared/currency-format';
import { buildUplotOptions, seriesOption, type SeriesLook } from '../timeseries/render';
import { xScale, yScale } from '../timeseries/scales';
import type { MixedSeries, MixedTimeseriesProps, YAxisIndex } from './types';

/** uPlot's scale of each y axis. */
const SCALES: Record<YAxisIndex, string> = { 0: 'y', 1: 'y2' };

/**
 * Where each bar series goes among the bars of one x value: a query that stacks its bars takes one slot
 * for all of them (each on the series before it), one that does not takes a slot per series.
 */
function barPlaces(series: MixedSeries[]): Array<Pick<SeriesLook, 'slot' | 'slots' | 'stackedOn'>> {
  let slots = 0;
  const places = series.map((s, i) => {
    if (s.kind !== 'bar') return { slot: 0, slots: 1 };
    const onPrevious = s.stacked && i > 0 && series[i - 1].query === s.query && series[i - 1].kind === 'bar';
    // uPlot's series index of the one below is i (the data's column i + 1 is this one).
    return onPrevious ? { slot: slots - 1, slots: 0, stackedOn: i } : { slot: slots++, slots: 0 };
  });
  return places.map((p) => ({ ...p, slots: Math.max(1, slots) }));
}

/** Bands fill a stacked area down to the series below it, not to zero. */
function stackedAreaBands(series: MixedSeries[]): uPlot.Band[] {
  return series.flatMap((s, i) =>
    s.kind === 'area' && s.stacked && i > 0 && series[i - 1].query === s.query ? [{ series: [i + 1, i] as [number, number] }] : [],
  );
}

/**
 * Builds the options (same signature as buildUplotOptions, for createTimeseriesPainter).
 *
 * @example
 * mountChart(element, props, createTimeseriesPainter(buildMixedUplotOptions));
 */
export function buildMixedUplotOptions(
  props: MixedTimeseriesProps,
  width: number,
  height: number,
  hooks: uPlot.Hooks.Arrays = {},
  seriesOpacity?: (index: number) => number,
): uPlot.Options {
  const base = buildUplotOptions(props, width, height, hooks, seriesOpacity);
  const places = barPlaces(props.series);
  // Bars and stacked areas measure from zero.
  const fromZero = (axis: YAxisIndex) => props.series.some((s) => s.axis === axis && (s.kind === 'bar' || (s.kind === 'area' && s.stacked)));
  const [xAxis, primaryAxis] = base.axes!;
  return {
    ...base,
    scales: {
      x: xScale(props.xMode, props.data[0], props.series.some((s) => s.kind === 'bar')),
      y: yScale(props.yBounds, props.logAxis, fromZero(0)),
      y2: yScale(props.secondary.bounds, props.secondary.logAxis, fromZero(1)),
    },
    axes: [
      xAxis,
      primaryAxis,
      // The secondary axis draws no grid: the primary's lines would not meet its ticks.
      { ...primaryAxis, scale: 'y2', side: 1, grid: { show: false }, values: (_u, splits) => splits.map((v) => formatWithCurrency(props.secondary.format, props.secondary.currency, v)) },
    ],
    series: [
      {},
      ...props.series.map((s, i) => ({
        ...seriesOption(s, { kind: s.kind, opacity: s.opacity, markerSize: s.markerSize, ...places[i], fade: seriesOpacity?.(i) }),
        scale: SCALES[s.axis],
      })),
    ],
    bands: stackedAreaBands(props.series),
  };
}
