/**
 * The mixed chart (mixed_timeseries, as the incumbent names it): two queries over one x axis, each drawn
 * as lines, bars, areas or points on the primary or the secondary y axis. Built on the time-series
 * plugin: its query, transform and uPlot painter, per query.
 */
import type { ChartPlugin } from '../../types';
import { buildMixedTimeseriesQuery } from './build-query';
import { renderMixedTimeseries } from './render';
import { transformMixedTimeseriesProps } from './transform-props';
import type { MixedTimeseriesProps } from './types';

const THUMBNAIL =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32" width="48" height="32"><path d="M4 28H44" stroke="#999" fill="none"/>' +
  '<rect x="7" y="16" width="6" height="12" fill="#1FA8C9"/><rect x="17" y="10" width="6" height="18" fill="#1FA8C9"/>' +
  '<rect x="27" y="19" width="6" height="9" fill="#1FA8C9"/><rect x="37" y="13" width="6" height="15" fill="#1FA8C9"/>' +
  '<polyline points="10,12 20,6 30,14 40,4" fill="none" stroke="#454E7C" stroke-width="2"/></svg>';

/** Mixed chart (mixed_timeseries). */
export const mixedTimeseriesPlugin: ChartPlugin<MixedTimeseriesProps> = {
  metadata: {
    vizType: 'mixed_timeseries',
    name: 'Mixed Chart',
    category: 'Evolution',
    description: 'Two queries over the same x axis, each drawn its own way (for example bars and a line), on a primary or a secondary y axis.',
    tags: ['Advanced-Analytics', 'Aesthetic', 'Line', 'Multi-Variables', 'Time', 'Transformable'],
    thumbnail: THUMBNAIL,
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildMixedTimeseriesQuery,
  transformProps: transformMixedTimeseriesProps,
  render: renderMixedTimeseries,
};
