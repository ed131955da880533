/** Control panel of the parallel coordinates chart (the incumbent's legacy control names and defaults). */
import { SEQUENTIAL_SCHEMES } from '../../colors/sequential-schemes';
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection, SHARED_CONTROLS } from '../../controls/shared-controls';

/** The para panel. */
export const paraControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [custom('series', { type: 'GroupByControl', label: 'Series', description: 'The column whose values are the lines', validators: ['nonEmpty'] })],
      [control('metrics')],
      [custom('secondary_metric', { ...SHARED_CONTROLS.metric, label: 'Color Metric', description: 'A metric to use for color', validators: [] })],
      [control('adhoc_filters')],
      [custom('limit', { ...SHARED_CONTROLS.series_limit, label: 'Series limit' })],
      [custom('timeseries_limit_metric', { ...SHARED_CONTROLS.series_limit_metric })],
      [control('order_desc')],
    ]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [custom('show_datatable', { type: 'CheckboxControl', label: 'Data Table', description: 'Whether to display the interactive data table', default: false, renderTrigger: true }),
          custom('include_series', { type: 'CheckboxControl', label: 'Include Series', description: 'Include series name as an axis', default: false })],
        [custom('linear_color_scheme', { type: 'ColorSchemeControl', label: 'Linear color scheme', default: 'superset_seq_1', choices: Object.keys(SEQUENTIAL_SCHEMES).map((k) => [k, k] as const), renderTrigger: true })],
      ],
    },
  ],
};
