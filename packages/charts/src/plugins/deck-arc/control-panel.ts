/** Control panel of deck_arc (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { colorPickerRow, deckMapRows, deckQueryRows, spatialRow } from '../deck-shared/controls';

/** The deck_arc panel (start_spatial and end_spatial are saved with the chart; see deck-shared/controls). */
export const deckArcControlPanel: ControlPanelConfig = {
  sections: [
    querySection([spatialRow('start_spatial', 'Start Longitude & Latitude'), spatialRow('end_spatial', 'End Longitude & Latitude'), ...deckQueryRows()]),
    {
      label: 'Arc',
      expanded: true,
      controlSetRows: [
        colorPickerRow('color_picker', 'Source Color'),
        colorPickerRow('target_color_picker', 'Target Color'),
        [custom('dimension', { type: 'GroupByControl', label: 'Categorical Color', description: 'Pick a dimension from which categorical colors are defined' })],
        [control('color_scheme')],
        [custom('stroke_width', { type: 'TextControl', label: 'Stroke Width', default: 1, renderTrigger: true })],
      ],
    },
    { label: 'Map', expanded: true, controlSetRows: deckMapRows() },
  ],
};
