/** Control panel of pop_kpi, with the incumbent's form-data names. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { COMPARISON_FONT_CHOICES, HEADER_FONT_CHOICES } from './font-sizes';

/** The reduced time-shift choices the incumbent offers pop_kpi. */
const TIME_SHIFTS = [['1 day ago', '1 day ago'], ['1 week ago', '1 week ago'], ['1 month ago', '1 month ago'], ['1 year ago', '1 year ago'], ['custom', 'Custom date'], ['inherit', 'Inherit range from time filter']] as const;

/** pop_kpi (Big Number with Time Period Comparison). */
export const popKpiControlPanel: ControlPanelConfig = {
  sections: [
    querySection([[control('metric')], [control('adhoc_filters')], [control('row_limit')]]),
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        [{ ...control('number_format'), name: 'y_axis_format' }],
        [{ ...control('number_format', { label: 'Percent Difference format' }), name: 'percentDifferenceFormat' }],
        [custom('header_font_size', { type: 'SelectControl', label: 'Big Number Font Size', default: 0.2, choices: HEADER_FONT_CHOICES, renderTrigger: true })],
        [custom('subheader_font_size', { type: 'SelectControl', label: 'Comparison font size', default: 0.125, choices: COMPARISON_FONT_CHOICES, renderTrigger: true })],
        [custom('subtitle', { type: 'TextControl', label: 'Subtitle', description: 'Description text that shows up below your Big Number', default: '', renderTrigger: true })],
        [custom('subtitle_font_size', { type: 'SelectControl', label: 'Subtitle Font Size', default: 0.15, choices: COMPARISON_FONT_CHOICES, renderTrigger: true })],
        [custom('show_metric_name', { type: 'CheckboxControl', label: 'Show Metric Name', description: 'Whether to display the metric name', default: false, renderTrigger: true })],
        [
          custom('metric_name_font_size', {
            type: 'SelectControl',
            label: 'Metric Name Font Size',
            default: 0.15,
            choices: COMPARISON_FONT_CHOICES,
            renderTrigger: true,
            visibility: (fd) => fd.show_metric_name === true,
          }),
        ],
        [custom('comparison_color_enabled', { type: 'CheckboxControl', label: 'Add color for positive/negative change', default: false, renderTrigger: true })],
        [
          custom('comparison_color_scheme', {
            type: 'SelectControl',
            label: 'color scheme for comparison',
            default: 'Green',
            choices: [['Green', 'Green for increase, red for decrease'], ['Red', 'Red for increase, green for decrease']],
            renderTrigger: true,
            visibility: (fd) => fd.comparison_color_enabled === true,
          }),
        ],
      ],
    },
    {
      label: 'Time Comparison',
      expanded: true,
      controlSetRows: [
        [control('time_compare', { multi: false, choices: TIME_SHIFTS, default: undefined })],
        [custom('start_date_offset', { type: 'TextControl', label: 'Shift start date', description: 'The first day of the comparison period (YYYY-MM-DD) for a custom date shift.', visibility: (fd) => fd.time_compare === 'custom' })],
        [control('comparison_type')],
      ],
    },
  ],
};
