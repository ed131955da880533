/** Control panel of the histogram. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

/** A number-format control under another form-data key (the shared one is `number_format`). */
const formatControl = (name: string, label: string) => ({ name, config: { ...control('number_format').config, label } });

/** The histogram panel. */
export const histogramControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('column', { type: 'GroupByControl', label: 'Column', description: 'Numeric column used to calculate the histogram', validators: ['nonEmpty'] })],
      [control('groupby')],
      [control('adhoc_filters')],
      [control('row_limit', { default: 10000 })],
      [custom('bins', { type: 'SelectControl', label: 'Bins', default: 5, freeForm: true, choices: [5, 10, 25, 50, 100].map((n) => [n, String(n)] as const), validators: ['integer', { max: 1000 }] })],
      [custom('normalize', { type: 'CheckboxControl', label: 'Normalize', description: 'Show shares of the total instead of counts', default: false }), custom('cumulative', { type: 'CheckboxControl', label: 'Cumulative', default: false })],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme')],
        [custom('show_value', { type: 'CheckboxControl', label: 'Show value', default: false, renderTrigger: true }), control('show_legend')],
        [custom('x_axis_title', { type: 'TextControl', label: 'X axis title', default: '', renderTrigger: true }), custom('y_axis_title', { type: 'TextControl', label: 'Y axis title', default: '', renderTrigger: true })],
        [formatControl('x_axis_format', 'X axis format'), formatControl('y_axis_format', 'Y axis format')],
      ],
    },
  ],
};
