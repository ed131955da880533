/** Control panel of the deck scatter plot (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { colorPickerRow, deckMapRows, deckQueryRows, spatialRow } from '../deck-shared/controls';

const render = { renderTrigger: true } as const;

/** point_unit choices (the incumbent's labels). */
const POINT_UNITS = [
  ['square_m', 'Square meters'],
  ['square_km', 'Square kilometers'],
  ['square_miles', 'Square miles'],
  ['radius_m', 'Radius in meters'],
  ['radius_km', 'Radius in kilometers'],
  ['radius_miles', 'Radius in miles'],
] as const;

/** The deck_scatter panel. */
export const deckScatterControlPanel: ControlPanelConfig = {
  sections: [
    querySection([spatialRow(), ...deckQueryRows()]),
    {
      label: 'Point Size',
      expanded: true,
      controlSetRows: [
        [custom('point_unit', { type: 'SelectControl', label: 'Point Unit', default: 'square_m', choices: POINT_UNITS, description: 'The unit of measure for the specified point radius' })],
        [custom('min_radius', { type: 'TextControl', label: 'Minimum Radius', default: 2, description: 'Minimum radius size of the circle, in pixels. As the zoom level changes, this insures that the circle respects this minimum radius.', ...render })],
        [custom('max_radius', { type: 'TextControl', label: 'Maximum Radius', default: 250, description: 'Maximum radius size of the circle, in pixels. As the zoom level changes, this insures that the circle respects this maximum radius.', ...render })],
        [custom('multiplier', { type: 'TextControl', label: 'Multiplier', default: 1, description: 'Factor to multiply the metric by', ...render })],
      ],
    },
    {
      label: 'Point Color',
      expanded: true,
      controlSetRows: [
        colorPickerRow(),
        [custom('dimension', { type: 'GroupByControl', label: 'Categorical Color', description: 'Pick a dimension from which categorical colors are defined' })],
        [control('color_scheme')],
      ],
    },
    { label: 'Map', expanded: true, controlSetRows: deckMapRows() },
  ],
};
