/** Control panel of the world map (the incumbent's legacy control names and defaults). */
import { SEQUENTIAL_SCHEMES } from '../../colors/sequential-schemes';
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection, SHARED_CONTROLS } from '../../controls/shared-controls';

const render = { renderTrigger: true } as const;

/** country_fieldtype choices Lumen reads (the incumbent's labels). */
export const COUNTRY_FIELD_TYPE_CHOICES = [
  ['name', 'Full name'],
  ['cca2', 'Country Code (ISO 3166-1 alpha-2)'],
  ['cca3', 'Country Code (ISO 3166-1 alpha-3)'],
] as const;

/** The world_map panel. */
export const worldMapControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('entity', { type: 'GroupByControl', label: 'Country Column', description: '3 letter code of the country', validators: ['nonEmpty'] })],
      [custom('country_fieldtype', { type: 'SelectControl', label: 'Country Field Type', default: 'cca2', choices: COUNTRY_FIELD_TYPE_CHOICES, description: 'The country code standard that Superset should expect to find in the [country] column' })],
      [control('metric')],
      [custom('sort_by_metric', { type: 'CheckboxControl', label: 'Sort by metric', default: false, description: 'Whether to sort results by the selected metric in descending order.' })],
      [control('adhoc_filters')],
      [control('row_limit', { default: 10000 })],
    ]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [custom('show_bubbles', { type: 'CheckboxControl', label: 'Show Bubbles', default: false, description: 'Whether to display bubbles on top of countries', ...render })],
        [custom('secondary_metric', { type: 'MetricsControl', label: 'Bubble Size', description: 'Metric that defines the size of the bubble' })],
        [custom('max_bubble_size', { type: 'SelectControl', label: 'Max Bubble Size', default: '25', freeForm: true, choices: ['5', '10', '15', '25', '50', '75', '100'].map((v) => [v, v] as const), ...render })],
        [custom('color_picker', { type: 'ColorPickerControl', label: 'Bubble Color', description: 'Pick a color', default: { r: 0, g: 122, b: 135, a: 1 }, ...render })],
        [custom('color_by', { type: 'SelectControl', label: 'Color by', default: 'metric', choices: [['metric', 'Metric'], ['country', 'Country']], description: 'Choose whether a country should be shaded by the metric, or assigned a color based on a categorical color palette', ...render })],
        [custom('linear_color_scheme', { type: 'SelectControl', label: 'Country Color Scheme', default: 'superset_seq_1', choices: Object.keys(SEQUENTIAL_SCHEMES).map((v) => [v, v] as const), ...render })],
        [control('color_scheme')],
        [custom('y_axis_format', { ...SHARED_CONTROLS.number_format, label: 'Number format' })],
      ],
    },
  ],
};
