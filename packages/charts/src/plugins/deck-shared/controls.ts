/**
 * Control rows every deck chart's panel shares (the incumbent's names), including the object-valued
 * spatial ({type, lonCol, latCol} ...) and viewport ({longitude, latitude, zoom, pitch, bearing}) controls,
 * which Explore edits with their own widgets and checks with the 'spatial' and 'viewport' validators.
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

/** Map options: the saved viewport, and autozoom (fit the data on open instead). */
export function deckMapRows(): ControlItem[][] {
  return [
    [custom('viewport', { type: 'ViewportControl', label: 'Viewport', validators: ['viewport'], description: 'Where the map looks when Auto Zoom is off (or there is no data): longitude, latitude, zoom, pitch and bearing', ...render })],
    [custom('autozoom', { type: 'CheckboxControl', label: 'Auto Zoom', default: true, description: 'When checked, the map will zoom to your data after each query', ...render })],
  ];
}

/**
 * A spatial control row (`spatial`, or an arc's `start_spatial` / `end_spatial`), required.
 *
 * @example
 * querySection([spatialRow(), ...deckQueryRows()]);
 */
export function spatialRow(name = 'spatial', label = 'Longitude & Latitude'): ControlItem[] {
  return [custom(name, { type: 'SpatialControl', label, validators: ['nonEmpty', 'spatial'], description: 'Point to your spatial columns' })];
}

/** A colour picker row with the incumbent's default teal. */
export function colorPickerRow(name = 'color_picker', label = 'Fixed Color'): ControlItem[] {
  return [custom(name, { type: 'ColorPickerControl', label, description: 'Use this to define a static color for all circles', default: { r: 0, g: 122, b: 135, a: 1 }, ...render })];
}
