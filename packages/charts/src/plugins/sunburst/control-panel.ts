/** Control panel of the sunburst (the incumbent's fields and defaults). */
import { SEQUENTIAL_SCHEMES } from '../../colors/schemes';
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

const render = { renderTrigger: true } as const;
const secondaryColours = (fd: { metric?: unknown; secondary_metric?: unknown }) =>
  Boolean(fd.secondary_metric) && JSON.stringify(fd.secondary_metric) !== JSON.stringify(fd.metric);

/** The sunburst panel. */
export const sunburstControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('columns', { label: 'Hierarchy', description: 'Sets the hierarchy levels of the chart. Each level is represented by one ring with the innermost circle as the top of the hierarchy.', validators: ['nonEmpty'] })],
      [control('metric', { label: 'Primary metric', description: 'The primary metric is used to define the arc segment sizes' })],
      [custom('secondary_metric', { type: 'MetricsControl', label: 'Secondary metric', default: null, description: '[optional] this secondary metric is used to define the color as a ratio against the primary metric. When omitted, the color is categorical and based on labels' })],
      [control('adhoc_filters')],
      [control('row_limit', { default: 10000 })],
      [custom('sort_by_metric', { type: 'CheckboxControl', label: 'Sort by metric', default: false })],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme', { description: 'When only a primary metric is provided, a categorical color scale is used.', visibility: (fd) => !secondaryColours(fd) })],
        [custom('linear_color_scheme', { type: 'ColorSchemeControl', label: 'Linear color scheme', default: 'superset_seq_1', choices: Object.keys(SEQUENTIAL_SCHEMES).map((k) => [k, k] as const), description: 'When a secondary metric is provided, a linear color scale is used.', visibility: secondaryColours, ...render })],
        [custom('show_labels', { type: 'CheckboxControl', label: 'Show labels', default: false, description: 'Whether to display the labels.', ...render })],
        [custom('show_labels_threshold', { type: 'NumberControl', label: 'Percentage threshold', default: 5, validators: [{ max: 100 }], description: 'Minimum threshold in percentage points for showing labels.', ...render })],
        [custom('show_total', { type: 'CheckboxControl', label: 'Show total', default: false, description: 'Whether to display the aggregate count', ...render })],
        [custom('label_type', { type: 'SelectControl', label: 'Label type', default: 'key', choices: [['key', 'Category Name'], ['value', 'Value'], ['key_value', 'Category and Value']], description: 'What should be shown on the label?', ...render })],
        [control('number_format')],
        [control('date_format')],
      ],
    },
  ],
};
