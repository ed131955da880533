/** Control panel of the box plot. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

/** Whisker options (the incumbent's labels, which saved charts store). */
export const WHISKER_OPTIONS = ['Tukey', 'Min/max (no outliers)', '2/98 percentiles', '9/91 percentiles'] as const;

/** The box plot panel. */
export const boxPlotControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('columns', { label: 'Distribute across', description: 'Columns to calculate the distribution across', validators: ['nonEmpty'] })],
      [control('metrics')],
      [control('groupby')],
      [control('adhoc_filters')],
      [control('row_limit', { default: 10000 })],
      [custom('whiskerOptions', { type: 'SelectControl', label: 'Whisker/outlier options', default: 'Tukey', freeForm: true, choices: WHISKER_OPTIONS.map((o) => [o, o] as const) })],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme')],
        [custom('x_axis_title', { type: 'TextControl', label: 'X axis title', default: '', renderTrigger: true }), custom('y_axis_title', { type: 'TextControl', label: 'Y axis title', default: '', renderTrigger: true })],
        [control('number_format'), control('date_format')],
      ],
    },
  ],
};
