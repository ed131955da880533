/** Control panel of the bullet chart, with the incumbent's form-data names. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

const list = (name: string, label: string, description: string) => custom(name, { type: 'TextControl', label, description, default: '', renderTrigger: true });

/** bullet. */
export const bulletControlPanel: ControlPanelConfig = {
  sections: [
    querySection([[control('metric')], [control('adhoc_filters')]]),
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        [list('ranges', 'Ranges', 'Ranges to highlight with shading'), list('range_labels', 'Range labels', 'Labels for the ranges')],
        [list('markers', 'Markers', 'List of values to mark with triangles'), list('marker_labels', 'Marker labels', 'Labels for the markers')],
        [list('marker_lines', 'Marker lines', 'List of values to mark with lines'), list('marker_line_labels', 'Marker line labels', 'Labels for the marker lines')],
        [{ ...control('number_format'), name: 'y_axis_format' }],
      ],
    },
  ],
};
