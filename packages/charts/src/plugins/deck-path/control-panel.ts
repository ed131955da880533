/** Control panel of deck_path (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { custom, querySection } from '../../controls/shared-controls';
import { colorPickerRow, deckMapRows, deckQueryRows } from '../deck-shared/controls';
import { lineRows } from '../deck-shared/line-controls';

/** The deck_path panel. */
export const deckPathControlPanel: ControlPanelConfig = {
  sections: [
    querySection([...lineRows(), ...deckQueryRows()]),
    {
      label: 'Path',
      expanded: true,
      controlSetRows: [
        colorPickerRow(),
        [custom('line_width', { type: 'TextControl', label: 'Line width', default: 150, description: 'The width of the lines', renderTrigger: true })],
        [custom('line_width_unit', { type: 'SelectControl', label: 'Line width unit', default: 'pixels', choices: [['meters', 'meters'], ['pixels', 'pixels']], renderTrigger: true })],
      ],
    },
    { label: 'Map', expanded: true, controlSetRows: deckMapRows() },
  ],
};
