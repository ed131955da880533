/** Control panel of deck_contour (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { custom, querySection } from '../../controls/shared-controls';
import { aggregationRow, linearSchemeRow, weightRow } from '../deck-shared/aggregation-controls';
import { deckMapRows, deckQueryRows, spatialRow } from '../deck-shared/controls';

/**
 * The deck_contour panel. The contours list ({lowerThreshold, upperThreshold, color, strokeWidth}) is edited
 * by Explore's ContourControl widget; an empty list draws decade bands.
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
        [
          custom('contours', {
            type: 'ContourControl',
            label: 'Contours',
            default: [],
            renderTrigger: true,
            description:
              'Define contour layers. Isolines represent a collection of line segments that separate the area above and below a given threshold. Isobands represent a collection of polygons that fill the area containing values in a given threshold range.',
          }),
        ],
      ],
    },
  ],
};
