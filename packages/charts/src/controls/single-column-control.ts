/**
 * A required one-column picker under a chart's own form-data name (the incumbent's dndGroupByControl with
 * multi: false): Sankey and graph source/target, tree id/parent/name, chord source/target.
 */
import type { ControlConfig, ControlItem } from './control-types';
import { SHARED_CONTROLS } from './shared-controls';

/**
 * @example
 * singleColumnControl('source', 'Source', 'The column to be used as the source of the edge.');
 */
export function singleColumnControl(name: string, label: string, description: string, overrides: Partial<ControlConfig> = {}): ControlItem {
  return { name, config: { ...SHARED_CONTROLS.groupby, label, description, multi: false, default: null, validators: ['nonEmpty'], ...overrides } };
}
