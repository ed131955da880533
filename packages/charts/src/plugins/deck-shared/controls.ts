/**
 * Control rows every deck chart's panel shares (the incumbent's names). The spatial and viewport controls
 * are objects ({type, lonCol, latCol}, {longitude, latitude, zoom, pitch, bearing}) that Explore has no
 * widget for yet: saved charts carry them, and the panel edits the rest.
 */
import type { ControlItem } from '../../controls/control-types';
import { control, custom } from '../../controls/shared-controls';

const render = { renderTrigger: true } as const;

/** Filters, row limit and null filtering of the query section. */
export function deckQueryRows(rowLimit = 5000): ControlItem[][] {
  return [
    [control('adhoc_filters')],
    [control('row_limit', { default: rowLimit })],
    [custom('filter_nulls', { type: 'CheckboxControl', label: 'Ignore null locations', default: true, description: 'Whether to ignore locations that are null' })],
  ];
}

/** Map options: autozoom (fit the data on open). */
export function deckMapRows(): ControlItem[][] {
  return [[custom('autozoom', { type: 'CheckboxControl', label: 'Auto Zoom', default: true, description: 'When checked, the map will zoom to your data after each query', ...render })]];
}

/** A colour picker row with the incumbent's default teal. */
export function colorPickerRow(name = 'color_picker', label = 'Fixed Color'): ControlItem[] {
  return [custom(name, { type: 'ColorPickerControl', label, description: 'Use this to define a static color for all circles', default: { r: 0, g: 122, b: 135, a: 1 }, ...render })];
}
