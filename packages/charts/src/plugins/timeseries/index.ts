/**
 * The time-series family, named as the incumbent names them (so saved form data loads unchanged) and
 * drawn with uPlot: line, bar, area, scatter, step and smooth share build-query/transform/render.
 */
import type { ChartPlugin } from '../../types';
import { buildTimeseriesQuery } from './build-query';
import { renderTimeseries } from './render';
import { transformTimeseriesProps } from './transform-props';
import type { SeriesKind, TimeseriesProps } from './types';

const icon = (path: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32" width="48" height="32"><path d="M4 28H44" stroke="#999" fill="none"/>${path}</svg>`;

const THUMBS: Record<SeriesKind, string> = {
  line: icon('<polyline points="4,24 14,14 24,18 34,6 44,10" fill="none" stroke="#1FA8C9" stroke-width="2"/>'),
  bar: icon('<rect x="8" y="14" width="6" height="14" fill="#1FA8C9"/><rect x="20" y="6" width="6" height="22" fill="#1FA8C9"/><rect x="32" y="18" width="6" height="10" fill="#1FA8C9"/>'),
  area: icon('<polygon points="4,28 4,20 14,12 24,16 34,6 44,10 44,28" fill="#1FA8C9" opacity=".5"/>'),
  scatter: icon('<circle cx="10" cy="20" r="2" fill="#1FA8C9"/><circle cx="20" cy="12" r="2" fill="#1FA8C9"/><circle cx="30" cy="16" r="2" fill="#1FA8C9"/><circle cx="40" cy="8" r="2" fill="#1FA8C9"/>'),
  step: icon('<polyline points="4,24 14,24 14,14 26,14 26,20 36,20 36,8 44,8" fill="none" stroke="#1FA8C9" stroke-width="2"/>'),
  smooth: icon('<path d="M4 24C12 6 20 26 28 14S40 6 44 8" fill="none" stroke="#1FA8C9" stroke-width="2"/>'),
};

function createTimeseriesPlugin(vizType: string, kind: SeriesKind, name: string, description: string): ChartPlugin<TimeseriesProps> {
  return {
    metadata: {
      vizType,
      name,
      category: 'Evolution',
      description,
      tags: ['Time', 'Trend', 'Popular'],
      thumbnail: THUMBS[kind],
      behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
    },
    buildQuery: buildTimeseriesQuery,
    transformProps: transformTimeseriesProps(kind),
    render: renderTimeseries,
  };
}

/** Line chart (echarts_timeseries_line). */
export const lineChartPlugin = createTimeseriesPlugin('echarts_timeseries_line', 'line', 'Line Chart', 'Metrics over time as lines.');
/** Bar chart over time, grouped or stacked (echarts_timeseries_bar). */
export const barChartPlugin = createTimeseriesPlugin('echarts_timeseries_bar', 'bar', 'Bar Chart', 'Metrics per period as bars, grouped or stacked.');
/** Area chart, optionally stacked (echarts_area). */
export const areaChartPlugin = createTimeseriesPlugin('echarts_area', 'area', 'Area Chart', 'Metrics over time as filled areas.');
/** Scatter plot over time (echarts_timeseries_scatter). */
export const scatterChartPlugin = createTimeseriesPlugin('echarts_timeseries_scatter', 'scatter', 'Scatter Plot', 'Metrics over time as points.');
/** Stepped line (echarts_timeseries_step). */
export const stepChartPlugin = createTimeseriesPlugin('echarts_timeseries_step', 'step', 'Stepped Line', 'Metrics over time as steps.');
/** Smoothed line (echarts_timeseries_smooth). */
export const smoothChartPlugin = createTimeseriesPlugin('echarts_timeseries_smooth', 'smooth', 'Smooth Line', 'Metrics over time as splines.');
