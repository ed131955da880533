/** Control panel of the pie chart. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { legendOrientationControl } from '../../controls/legend-controls';

const LABEL_TYPES = ['key', 'value', 'percent', 'key_value', 'key_percent', 'key_value_percent'] as const;

/** The pie panel. */
export const pieControlPanel: ControlPanelConfig = {
  sections: [
    querySection([[control('groupby')], [control('metric')], [control('adhoc_filters')], [control('row_limit', { default: 100 })], [custom('sort_by_metric', { type: 'CheckboxControl', label: 'Sort by metric', default: true })]]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme'), control('show_legend')],
        [legendOrientationControl()],
        [custom('label_type', { type: 'SelectControl', label: 'Label type', default: 'key', choices: LABEL_TYPES.map((t) => [t, t] as const), renderTrigger: true })],
        [custom('show_labels', { type: 'CheckboxControl', label: 'Show labels', default: true, renderTrigger: true }), custom('labels_outside', { type: 'CheckboxControl', label: 'Put labels outside', default: true, renderTrigger: true })],
        [custom('show_labels_threshold', { type: 'NumberControl', label: 'Percentage threshold', default: 5, validators: [{ max: 100 }], renderTrigger: true })],
        [control('number_format')],
        [control('currency_format')],
        [custom('donut', { type: 'CheckboxControl', label: 'Donut', default: false, renderTrigger: true })],
        [custom('innerRadius', { type: 'NumberControl', label: 'Inner radius', default: 30, validators: [{ max: 100 }], renderTrigger: true, visibility: (fd) => Boolean(fd.donut) }), custom('outerRadius', { type: 'NumberControl', label: 'Outer radius', default: 70, validators: [{ max: 100 }], renderTrigger: true })],
      ],
    },
  ],
};
