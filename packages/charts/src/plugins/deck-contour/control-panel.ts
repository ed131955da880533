/** Control panel of deck_contour (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { custom, querySection } from '../../controls/shared-controls';
import { aggregationRow, linearSchemeRow, weightRow } from '../deck-shared/aggregation-controls';
import { deckMapRows, deckQueryRows, spatialRow } from '../deck-shared/controls';

/**
 * The deck_contour panel. The contours list ({lowerThreshold, upperThreshold, color, strokeWidth}) has no
 * Explore widget yet: saved charts carry it, and without one the chart draws decade bands.
 */
export const deckContourControlPanel: ControlPanelConfig = {
  sections: [
    querySection([spatialRow(), weightRow(), ...deckQueryRows()]),
    {
      label: 'Map',
      expanded: true,
      controlSetRows: [
        ...deckMapRows(),
        [custom('cellSize', { type: 'TextControl', label: 'Cell Size', default: 200, description: 'The size of each cell in meters', renderTrigger: true })],
        aggregationRow('aggregation'),
        linearSchemeRow(),
      ],
    },
  ],
};
