/** Control panel of the radar chart (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { legendOrientationControl } from '../../controls/legend-controls';

/** The radar panel. */
export const radarControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('groupby')],
      [control('metrics')],
      [control('adhoc_filters')],
      [control('series_limit_metric')],
      [control('row_limit', { default: 10 })],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme')],
        [control('show_legend'), legendOrientationControl()],
        [custom('show_labels', { type: 'CheckboxControl', label: 'Show labels', default: false, renderTrigger: true })],
        [custom('label_type', { type: 'SelectControl', label: 'Label type', default: 'value', choices: [['value', 'Value'], ['key_value', 'Category and Value']], renderTrigger: true })],
        [control('number_format'), control('date_format')],
        [custom('is_circle', { type: 'CheckboxControl', label: 'Circle radar shape', default: false, renderTrigger: true })],
        [custom('is_normalized', { type: 'CheckboxControl', label: 'Normalize', description: 'Each series scaled to its own maximum', default: false, renderTrigger: true })],
      ],
    },
  ],
};
