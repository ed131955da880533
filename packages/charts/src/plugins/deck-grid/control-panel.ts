/** Control panel of deck_grid (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { querySection } from '../../controls/shared-controls';
import { aggregationRow, extrudedRow, gridSizeRow, linearSchemeRow, weightRow } from '../deck-shared/aggregation-controls';
import { deckMapRows, deckQueryRows } from '../deck-shared/controls';

/** The deck_grid panel. */
export const deckGridControlPanel: ControlPanelConfig = {
  sections: [
    querySection([weightRow(), ...deckQueryRows()]),
    { label: 'Map', expanded: true, controlSetRows: [...deckMapRows(), gridSizeRow(20, 'meters'), extrudedRow(), linearSchemeRow(), aggregationRow('js_agg_function')] },
  ],
};
