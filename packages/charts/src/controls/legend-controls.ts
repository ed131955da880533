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
