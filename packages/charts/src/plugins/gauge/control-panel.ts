/** Control panel of the gauge chart. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

const render = { renderTrigger: true } as const;

/** The gauge panel. */
export const gaugeControlPanel: ControlPanelConfig = {
  sections: [
    querySection([[control('groupby')], [control('metric')], [control('adhoc_filters')], [control('row_limit', { default: 10 })], [custom('sort_by_metric', { type: 'CheckboxControl', label: 'Sort by metric', default: true })]]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [custom('min_val', { type: 'NumberControl', label: 'Min', description: 'Minimum value on the gauge axis', ...render }), custom('max_val', { type: 'NumberControl', label: 'Max', description: 'Maximum value on the gauge axis', ...render })],
        [custom('start_angle', { type: 'NumberControl', label: 'Start angle', default: 225, ...render }), custom('end_angle', { type: 'NumberControl', label: 'End angle', default: -45, ...render })],
        [control('color_scheme'), custom('font_size', { type: 'NumberControl', label: 'Font size', default: 15, ...render })],
        [control('number_format'), custom('value_formatter', { type: 'TextControl', label: 'Value format', default: '{value}', ...render })],
        [custom('show_pointer', { type: 'CheckboxControl', label: 'Show pointer', default: true, ...render }), custom('show_progress', { type: 'CheckboxControl', label: 'Show progress', default: true, ...render })],
        [custom('overlap', { type: 'CheckboxControl', label: 'Overlap', default: true, ...render }), custom('round_cap', { type: 'CheckboxControl', label: 'Round cap', default: false, ...render })],
        [custom('show_split_line', { type: 'CheckboxControl', label: 'Split lines', default: false, ...render }), custom('split_number', { type: 'NumberControl', label: 'Split number', default: 10, validators: ['integer'], ...render })],
        [custom('intervals', { type: 'TextControl', label: 'Interval bounds', description: 'Comma-separated interval bounds, e.g. 2,4,5', ...render })],
        [custom('interval_color_indices', { type: 'TextControl', label: 'Interval colors', description: 'Comma-separated colour indices of the scheme, 1-based, e.g. 1,2,4', ...render })],
      ],
    },
  ],
};
