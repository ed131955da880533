/** Control panel of the calendar heatmap (the incumbent's legacy control names and defaults). */
import { SEQUENTIAL_SCHEMES } from '../../colors/sequential-schemes';
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection, SHARED_CONTROLS } from '../../controls/shared-controls';

const pairs = (values: readonly string[]) => values.map((v) => [v, v] as const);
const integer = (name: string, label: string, description: string, fallback: number) =>
  custom(name, { type: 'TextControl', label, description, default: fallback, validators: ['integer'], renderTrigger: true });

/** The cal_heatmap panel. */
export const calHeatmapControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('domain_granularity', { type: 'SelectControl', label: 'Domain', description: 'The time unit each block represents', default: 'month', choices: pairs(['hour', 'day', 'week', 'month', 'year']) })],
      [custom('subdomain_granularity', { type: 'SelectControl', label: 'Subdomain', description: 'The time unit of each block cell; it sets the time grain of the query', default: 'day', choices: pairs(['min', 'hour', 'day', 'week', 'month']) })],
      [control('metrics')],
      [control('adhoc_filters')],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [custom('linear_color_scheme', { type: 'SelectControl', label: 'Linear color scheme', default: 'blue_white_yellow', choices: pairs(Object.keys(SEQUENTIAL_SCHEMES)), renderTrigger: true })],
        [integer('cell_size', 'Cell size', 'The size of the square cell, in pixels', 10), integer('cell_padding', 'Cell padding', 'The distance between cells, in pixels', 2)],
        [integer('cell_radius', 'Cell radius', 'The pixel radius', 0), integer('steps', 'Color steps', 'The number of color "steps"', 10)],
        [custom('x_axis_time_format', { ...SHARED_CONTROLS.date_format, label: 'Time format' })],
        [custom('y_axis_format', { ...SHARED_CONTROLS.number_format, label: 'Number format' })],
        [control('show_legend', { label: 'Legend', description: 'Whether to display the legend (toggles)' })],
        [custom('show_values', { type: 'CheckboxControl', label: 'Show values', description: 'Whether to display the numerical values within the cells', default: false, renderTrigger: true })],
        [custom('show_metric_name', { type: 'CheckboxControl', label: 'Show metric names', description: 'Whether to display the metric name as a title', default: true, renderTrigger: true })],
      ],
    },
  ],
};
