/** Control panel of the funnel chart. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

/** Label types (the incumbent's numeric enum values, which saved charts store). */
export const FUNNEL_LABEL_TYPES = [
  [0, 'Category name'],
  [1, 'Value'],
  [2, 'Percentage'],
  [3, 'Category and Value'],
  [4, 'Category and Percentage'],
  [5, 'Category, Value and Percentage'],
  [6, 'Value and Percentage'],
] as const;

/** The funnel panel. */
export const funnelControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('groupby')],
      [control('metric')],
      [control('adhoc_filters')],
      [control('row_limit', { default: 10 })],
      [custom('sort_by_metric', { type: 'CheckboxControl', label: 'Sort by metric', default: true })],
      [custom('percent_calculation_type', { type: 'SelectControl', label: 'Percent calculation', default: 'first_step', choices: [['first_step', 'Calculate from first step'], ['prev_step', 'Calculate from previous step'], ['total', 'Percent of total']], renderTrigger: true })],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme'), control('show_legend')],
        [custom('label_type', { type: 'SelectControl', label: 'Label contents', default: 0, choices: FUNNEL_LABEL_TYPES, renderTrigger: true })],
        [custom('tooltip_label_type', { type: 'SelectControl', label: 'Tooltip contents', default: 5, choices: FUNNEL_LABEL_TYPES, renderTrigger: true })],
        [control('number_format')],
        [custom('show_labels', { type: 'CheckboxControl', label: 'Show labels', default: true, renderTrigger: true })],
      ],
    },
  ],
};
