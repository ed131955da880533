/** Control panel of deck_polygon (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';
import { linearSchemeRow } from '../deck-shared/aggregation-controls';
import { colorPickerRow, deckMapRows, deckQueryRows } from '../deck-shared/controls';
import { lineRows } from '../deck-shared/line-controls';

const render = { renderTrigger: true } as const;

/** The deck_polygon panel. */
export const deckPolygonControlPanel: ControlPanelConfig = {
  sections: [
    querySection([...lineRows(), [control('metric')], ...deckQueryRows(10000)]),
    {
      label: 'Polygon Settings',
      expanded: true,
      controlSetRows: [
        linearSchemeRow(),
        [custom('opacity', { type: 'TextControl', label: 'Opacity', default: 80, description: 'Opacity, expects values between 0 and 100', ...render })],
        colorPickerRow('stroke_color_picker', 'Stroke Color'),
        [custom('filled', { type: 'CheckboxControl', label: 'Filled', default: true, description: 'Whether to fill the objects', ...render })],
        [custom('stroked', { type: 'CheckboxControl', label: 'Stroked', default: false, description: 'Whether to display the stroke', ...render })],
        [custom('extruded', { type: 'CheckboxControl', label: 'Extruded', default: false, description: 'Whether to make the grid 3D', ...render })],
        [custom('multiplier', { type: 'TextControl', label: 'Multiplier', default: 1, description: 'Factor to multiply the metric by (the height of extruded polygons)', ...render })],
        [custom('line_width', { type: 'TextControl', label: 'Line width', default: 10, ...render })],
        [custom('line_width_unit', { type: 'SelectControl', label: 'Line width unit', default: 'pixels', choices: [['meters', 'meters'], ['pixels', 'pixels']], ...render })],
      ],
    },
    { label: 'Map', expanded: true, controlSetRows: deckMapRows() },
  ],
};
