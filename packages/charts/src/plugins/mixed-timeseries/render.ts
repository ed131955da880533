/**
 * Renderer of the mixed chart: the time-series painter (legend, tooltip, resize, theme) with the mixed
 * chart's two-axis options.
 */
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { createTimeseriesPainter } from '../timeseries/render';
import type { MixedTimeseriesProps } from './types';
import { buildMixedUplotOptions } from './uplot-options';

/**
 * Mounts a mixed chart.
 *
 * @example
 * const chart = renderMixedTimeseries(container, props);
 * chart.resize(800, 400);
 */
export function renderMixedTimeseries(element: HTMLElement, props: MixedTimeseriesProps): ChartInstance<MixedTimeseriesProps> {
  return mountChart(element, props, createTimeseriesPainter(buildMixedUplotOptions));
}
