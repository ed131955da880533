/** The legend's placement control, shared by the charts whose legend the incumbent lets the author place. */
import type { ControlItem } from './control-types';
import { custom } from './shared-controls';

/** Where the legend sits (legendOrientation values as saved). */
export const LEGEND_ORIENTATIONS = [['top', 'Top'], ['bottom', 'Bottom'], ['left', 'Left'], ['right', 'Right']] as const;

/**
 * The legendOrientation control.
 *
 * @example
 * [control('show_legend'), legendOrientationControl()]
 */
export function legendOrientationControl(defaultOrientation: string = 'top'): ControlItem {
  return custom('legendOrientation', { type: 'SelectControl', label: 'Legend orientation', default: defaultOrientation, choices: LEGEND_ORIENTATIONS, renderTrigger: true });
}

/** The incumbent's legend types: one scrolling line, or every entry wrapped. */
export const LEGEND_TYPES = [['scroll', 'Scroll'], ['plain', 'Plain']] as const;

/**
 * The legendType control (default 'scroll', as the incumbent's).
 *
 * @example
 * [control('show_legend'), legendTypeControl(), legendOrientationControl()]
 */
export function legendTypeControl(): ControlItem {
  return custom('legendType', { type: 'SelectControl', label: 'Type', description: 'Legend type', default: 'scroll', choices: LEGEND_TYPES, renderTrigger: true, visibility: (fd) => fd.show_legend !== false });
}
