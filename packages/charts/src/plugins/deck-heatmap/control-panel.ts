/** Control panel of deck_heatmap (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { custom, querySection } from '../../controls/shared-controls';
import { linearSchemeRow, weightRow } from '../deck-shared/aggregation-controls';
import { deckMapRows, deckQueryRows, spatialRow } from '../deck-shared/controls';

const render = { renderTrigger: true } as const;

/** The deck_heatmap panel. */
export const deckHeatmapControlPanel: ControlPanelConfig = {
  sections: [
    querySection([spatialRow(), weightRow(), ...deckQueryRows()]),
    {
      label: 'Map',
      expanded: true,
      controlSetRows: [
        ...deckMapRows(),
        linearSchemeRow(),
        [custom('intensity', { type: 'TextControl', label: 'Intensity', default: 1, description: 'Intensity is the value multiplied by the weight to obtain the final weight', ...render })],
        [custom('radius_pixels', { type: 'TextControl', label: 'Intensity Radius', default: 30, description: 'Intensity Radius is the radius at which the weight is distributed', ...render })],
        [custom('aggregation', { type: 'SelectControl', label: 'Aggregation', default: 'sum', choices: [['sum', 'sum'], ['mean', 'mean']], description: 'The function to use when aggregating points into groups', ...render })],
      ],
    },
  ],
};
