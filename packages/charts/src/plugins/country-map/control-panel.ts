/** Control panel of the country map (the incumbent's legacy control names and defaults). */
import { SEQUENTIAL_SCHEMES } from '../../colors/sequential-schemes';
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { COUNTRY_MAP_COUNTRIES } from './countries';

/** The country_map panel. */
export const countryMapControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('select_country', { type: 'SelectControl', label: 'Country', default: null, choices: COUNTRY_MAP_COUNTRIES.map((c) => [c.key, c.label] as const), description: 'Which country to plot the map for?', validators: ['nonEmpty'] })],
      [custom('entity', { type: 'GroupByControl', label: 'ISO 3166-2 Codes', description: 'Column containing ISO 3166-2 codes of region/province/department in your table.', validators: ['nonEmpty'] })],
      [control('metric', { description: 'Metric to display bottom title' })],
      [control('adhoc_filters')],
      [control('row_limit', { default: 10000 })],
    ]),
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        [control('number_format', { renderTrigger: true })],
        [custom('linear_color_scheme', { type: 'SelectControl', label: 'Linear Color Scheme', default: 'superset_seq_1', choices: Object.keys(SEQUENTIAL_SCHEMES).map((v) => [v, v] as const) })],
      ],
    },
  ],
};
