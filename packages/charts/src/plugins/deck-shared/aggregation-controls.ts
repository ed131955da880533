/** Control rows of the aggregation charts: the Weight metric and the colour scheme (the incumbent's names). */
import type { ControlItem, ControlPanelConfig } from '../../controls/control-types';
import { custom, querySection } from '../../controls/shared-controls';
import { deckMapRows, deckQueryRows, spatialRow } from './controls';
import { SEQUENTIAL_SCHEMES } from '../../colors/sequential-schemes';

/** The size metric, required. */
export function weightRow(): ControlItem[] {
  return [custom('size', { type: 'MetricsControl', label: 'Weight', description: "Metric used as a weight for the grid's coloring", validators: ['nonEmpty'] })];
}

/** linear_color_scheme: the sequential colour ramp of the cells. */
export function linearSchemeRow(): ControlItem[] {
  return [custom('linear_color_scheme', { type: 'SelectControl', label: 'Linear Color Scheme', default: 'superset_seq_1', choices: Object.keys(SEQUENTIAL_SCHEMES).map((v) => [v, v] as const), renderTrigger: true })];
}

/** The cell aggregation select (name differs by type: js_agg_function or aggregation). */
export function aggregationRow(name: string): ControlItem[] {
  const choices = [['sum', 'sum'], ['mean', 'mean'], ['min', 'min'], ['max', 'max']] as const;
  return [custom(name, { type: 'SelectControl', label: 'Dynamic Aggregation Function', default: 'sum', choices, description: 'The function to use when aggregating points into groups', renderTrigger: true })];
}

/** grid_size: the cell size (metres for hexagons and grids, pixels for the screen grid). */
export function gridSizeRow(defaultSize: number, unit: string): ControlItem[] {
  return [custom('grid_size', { type: 'TextControl', label: 'Grid Size', default: defaultSize, description: `Defines the grid size in ${unit}`, renderTrigger: true })];
}

/** extruded: draw cells as columns by their value. */
export function extrudedRow(): ControlItem[] {
  return [custom('extruded', { type: 'CheckboxControl', label: 'Extruded', default: true, description: 'Whether to make the grid 3D', renderTrigger: true })];
}

/** The panel of the cell charts (deck_hex, deck_grid): weight, query, map, cell size and aggregation. */
export function cellControlPanel(): ControlPanelConfig {
  return {
    sections: [
      querySection([spatialRow(), weightRow(), ...deckQueryRows()]),
      { label: 'Map', expanded: true, controlSetRows: [...deckMapRows(), gridSizeRow(20, 'meters'), extrudedRow(), linearSchemeRow(), aggregationRow('js_agg_function')] },
    ],
  };
}
