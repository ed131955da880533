/** Control panels of the big-number charts. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { ADVANCED_ANALYTICS_SECTION, control, custom, querySection } from '../../controls/shared-controls';

const fonts = [
  custom('header_font_size', { type: 'SelectControl', label: 'Big number font size', default: 0.4, choices: [[0.2, 'Small'], [0.3, 'Normal'], [0.4, 'Large'], [0.5, 'Huge']], renderTrigger: true }),
  custom('subheader_font_size', { type: 'SelectControl', label: 'Subheader font size', default: 0.15, choices: [[0.125, 'Small'], [0.15, 'Normal'], [0.2, 'Large']], renderTrigger: true }),
];

/** big_number (with trendline). */
export const bigNumberControlPanel: ControlPanelConfig = {
  sections: [
    querySection([[control('x_axis')], [control('time_grain_sqla')], [control('metric')], [control('adhoc_filters')]]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [custom('compare_lag', { type: 'TextControl', label: 'Comparison period lag', validators: ['integer'] }), custom('compare_suffix', { type: 'TextControl', label: 'Comparison suffix' })],
        [custom('show_timestamp', { type: 'CheckboxControl', label: 'Show Timestamp', description: 'Whether to display the timestamp', default: false, renderTrigger: true })],
        [
          custom('show_trend_line', { type: 'CheckboxControl', label: 'Show trend line', default: true, renderTrigger: true }),
          custom('start_y_axis_at_zero', { type: 'CheckboxControl', label: 'Start y-axis at 0', description: 'Start y-axis at zero. Uncheck to start y-axis at minimum value in the data.', default: true, renderTrigger: true }),
        ],
        [custom('color_picker', { type: 'ColorPickerControl', label: 'Color', renderTrigger: true })],
        fonts,
        [control('number_format', { label: 'Number format' })].map((c) => ({ ...c, name: 'y_axis_format' })),
        [control('currency_format')],
        [control('date_format')].map((c) => ({ ...c, name: 'time_format' })),
      ],
    },
    ADVANCED_ANALYTICS_SECTION,
  ],
};

/** big_number_total. */
export const bigNumberTotalControlPanel: ControlPanelConfig = {
  sections: [
    querySection([[control('metric')], [control('adhoc_filters')]]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [[custom('subheader', { type: 'TextControl', label: 'Subheader', renderTrigger: true })], fonts, [control('number_format')].map((c) => ({ ...c, name: 'y_axis_format' })), [control('currency_format')]],
    },
  ],
};
