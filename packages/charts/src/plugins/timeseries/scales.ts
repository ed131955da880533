/** The x and y scales of the uPlot charts (time series and the mixed chart): ranges that leave bars whole. */
import uPlot from 'uplot';
import type { TimeseriesProps } from './types';

/**
 * A y scale: the bounds the user set, else the data's range. Bars and stacked areas (`fromZero`) always
 * include zero, as their heights are the values, and keep a margin above the tallest (never touching the
 * top of the plot).
 *
 * @example
 * scales: { y: yScale([null, null], false, true) }
 */
export function yScale(bounds: [number | null, number | null], logAxis: boolean, fromZero: boolean): uPlot.Scale {
  const [min, max] = bounds;
  if (!fromZero && min === null && max === null) return { distr: logAxis ? 3 : 1 };
  return {
    distr: logAxis ? 3 : 1,
    range: (_u, lo, hi) => {
      if (!fromZero) return [min ?? Math.min(0, lo), max ?? (hi === lo ? hi + 1 : hi)];
      const [low, high] = uPlot.rangeNum(Math.min(0, lo), Math.max(0, hi), 0.1, true);
      return [min ?? (lo >= 0 ? 0 : low), max ?? (high === 0 ? 1 : high)];
    },
  };
}

/**
 * The x scale. Bars on a time or number axis get half a step of room at both ends, so the first and the
 * last bar are whole (a category axis always has it).
 *
 * @example
 * scales: { x: xScale('time', props.data[0], props.kind === 'bar') }
 */
export function xScale(xMode: TimeseriesProps['xMode'], xs: ArrayLike<number | null>, bars: boolean): uPlot.Scale {
  if (xMode === 'category') return { time: false, range: (_u, lo, hi) => [lo - 0.5, hi + 0.5] };
  const time = xMode === 'time';
  if (!bars || xs.length < 2) return { time };
  let step = Infinity;
  for (let i = 1; i < xs.length; i++) step = Math.min(step, (xs[i] as number) - (xs[i - 1] as number));
  if (!(step > 0 && step < Infinity)) return { time };
  const half = step / 2;
  return { time, range: (_u, lo, hi) => [lo - half, hi + half] };
}
