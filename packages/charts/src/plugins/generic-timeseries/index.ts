/**
 * The generic time-series chart (echarts_timeseries, as the incumbent names it): one chart whose form data
 * picks how its series draw (`seriesType`: line, bar, scatter, smooth, steps; `area` fills lines). It is
 * the time-series plugin with the series kind read from the form data instead of the viz type.
 */
import type { ChartPlugin, TransformPropsInput } from '../../types';
import { buildTimeseriesQuery } from '../timeseries/build-query';
import { renderTimeseries } from '../timeseries/render';
import { seriesKindOf } from '../timeseries/series-type';
import { transformTimeseriesProps } from '../timeseries/transform-props';
import type { TimeseriesProps } from '../timeseries/types';

const THUMBNAIL =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32" width="48" height="32"><path d="M4 28H44" stroke="#999" fill="none"/>' +
  '<polyline points="4,22 14,16 24,19 34,9 44,12" fill="none" stroke="#1FA8C9" stroke-width="2"/>' +
  '<polyline points="4,26 14,23 24,25 34,18 44,20" fill="none" stroke="#454E7C" stroke-width="2" stroke-dasharray="3 2"/></svg>';

/**
 * The props of a generic time-series chart: its series kind from `seriesType` and `area`.
 *
 * @example
 * transformGenericTimeseriesProps({ formData: { ...fd, seriesType: 'bar' }, queriesData, width: 600, height: 300 }).kind; // 'bar'
 */
export function transformGenericTimeseriesProps(input: TransformPropsInput): TimeseriesProps {
  const kind = seriesKindOf(input.formData.seriesType, input.formData.area);
  // The incumbent's `opacity` is the areas' fill: its bars and lines stay opaque.
  const formData = kind === 'area' ? input.formData : { ...input.formData, opacity: undefined };
  return transformTimeseriesProps(kind)({ ...input, formData });
}

/** Time-series chart (echarts_timeseries). */
export const genericTimeseriesPlugin: ChartPlugin<TimeseriesProps> = {
  metadata: {
    vizType: 'echarts_timeseries',
    name: 'Generic Chart',
    category: 'Evolution',
    description: 'Metrics over time, drawn as lines, bars, points, steps or areas as chosen in the chart options.',
    tags: ['Advanced-Analytics', 'Line', 'Predictive', 'Time', 'Transformable'],
    thumbnail: THUMBNAIL,
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildTimeseriesQuery,
  transformProps: transformGenericTimeseriesProps,
  render: renderTimeseries,
};
