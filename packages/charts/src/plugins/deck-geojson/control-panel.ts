/** Control panel of deck_geojson (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { custom, querySection } from '../../controls/shared-controls';
import { colorPickerRow, deckMapRows, deckQueryRows } from '../deck-shared/controls';

const render = { renderTrigger: true } as const;

/** The deck_geojson panel. */
export const deckGeojsonControlPanel: ControlPanelConfig = {
  sections: [
    querySection([[custom('geojson', { type: 'GroupByControl', label: 'GeoJson Column', description: 'Select the geojson column', validators: ['nonEmpty'] })], ...deckQueryRows()]),
    {
      label: 'GeoJson Settings',
      expanded: true,
      controlSetRows: [
        colorPickerRow('fill_color_picker', 'Fill Color'),
        colorPickerRow('stroke_color_picker', 'Stroke Color'),
        [custom('filled', { type: 'CheckboxControl', label: 'Filled', default: true, description: 'Whether to fill the objects', ...render })],
        [custom('stroked', { type: 'CheckboxControl', label: 'Stroked', default: true, description: 'Whether to display the stroke', ...render })],
        [custom('extruded', { type: 'CheckboxControl', label: 'Extruded', default: false, description: 'Whether to make the grid 3D', ...render })],
        [custom('line_width', { type: 'TextControl', label: 'Line width', default: 1, ...render })],
        [custom('line_width_unit', { type: 'SelectControl', label: 'Line width unit', default: 'pixels', choices: [['meters', 'meters'], ['pixels', 'pixels']], ...render })],
        [custom('point_radius_scale', { type: 'TextControl', label: 'Point Radius Scale', default: 100, ...render })],
      ],
    },
    { label: 'Map', expanded: true, controlSetRows: deckMapRows() },
  ],
};
