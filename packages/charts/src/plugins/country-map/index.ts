/** The country map plugin. */
import type { ChartPlugin } from '../../types';
import { buildCountryMapQuery } from './build-query';
import { renderCountryMap } from './render';
import { transformCountryMapProps } from './transform-props';
import type { CountryMapProps } from './types';

/**
 * Country map (viz_type 'country_map'): the regions of one country coloured by a metric, by ISO 3166-2 code.
 *
 * @example
 * createChartRegistry().register(countryMapPlugin).get('country_map').metadata.name; // 'Country Map'
 */
export const countryMapPlugin: ChartPlugin<CountryMapProps> = {
  metadata: {
    vizType: 'country_map',
    name: 'Country Map',
    category: 'Map',
    description: "Visualizes how a single metric varies across a country's principal subdivisions (states, provinces, etc) on a choropleth map. Each subdivision's value is elevated when you hover over the corresponding geographic boundary.",
    tags: ['2D', 'Comparison', 'Geo', 'Range', 'Report', 'Stacked'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><path d="M9 4l7-1 5 3 1 5 4 3-1 6 2 4-5 4-6-1-5 2-3-5 2-5-3-4 2-6z" fill="none" stroke="#9AA5B1"/><path d="M9 4l7-1 1 8-7 2-2-3z" fill="#8FD3E4"/><path d="M17 11l5 0 4 3-1 6-7-1z" fill="#1FA8C9"/><path d="M10 13l7-2 1 8-6 3-3-5z" fill="#0D5C70"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildCountryMapQuery,
  transformProps: transformCountryMapProps,
  render: renderCountryMap,
};
