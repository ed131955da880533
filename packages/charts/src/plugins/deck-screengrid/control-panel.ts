/** Control panel of deck_screengrid (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { querySection } from '../../controls/shared-controls';
import { gridSizeRow, weightRow } from '../deck-shared/aggregation-controls';
import { colorPickerRow, deckMapRows, deckQueryRows, spatialRow } from '../deck-shared/controls';

/** The deck_screengrid panel. */
export const deckScreengridControlPanel: ControlPanelConfig = {
  sections: [
    querySection([spatialRow(), weightRow(), ...deckQueryRows()]),
    { label: 'Map', expanded: true, controlSetRows: [...deckMapRows(), gridSizeRow(20, 'pixels'), colorPickerRow()] },
  ],
};
