/** Control panel of the chord diagram (the incumbent's controls and form-data names). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection, SHARED_CONTROLS } from '../../controls/shared-controls';
import { singleColumnControl } from '../../controls/single-column-control';

/** The chord panel: the source is saved as groupby, the target as columns (one column each). */
export const chordControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [singleColumnControl('groupby', 'Source', 'The column to be used as the source of the edge.')],
      [singleColumnControl('columns', 'Target', 'The column to be used as the target of the edge.')],
      [control('metric')],
      [control('adhoc_filters')],
      [control('row_limit', { default: 10000 })],
      [custom('sort_by_metric', { type: 'CheckboxControl', label: 'Sort by metric', default: false, description: 'Whether to sort results by the selected metric in descending order.' })],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [[custom('y_axis_format', { ...SHARED_CONTROLS.number_format, label: 'Number format' })], [control('color_scheme')]],
    },
  ],
};
