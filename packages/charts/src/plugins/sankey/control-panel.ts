/** Control panel of the Sankey diagram (the incumbent's controls and form-data names). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { singleColumnControl } from '../../controls/single-column-control';

/** The Sankey panel. */
export const sankeyControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [singleColumnControl('source', 'Source', 'The column to be used as the source of the edge.')],
      [singleColumnControl('target', 'Target', 'The column to be used as the target of the edge.')],
      [control('metric')],
      [control('adhoc_filters')],
      [control('row_limit')],
      [custom('sort_by_metric', { type: 'CheckboxControl', label: 'Sort by metric', default: false, description: 'Whether to sort results by the selected metric in descending order.' })],
    ]),
    { label: 'Chart options', expanded: true, controlSetRows: [[control('color_scheme')]] },
  ],
};
