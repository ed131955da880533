/** Control panel of the time-series period pivot (the incumbent's legacy control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection, SHARED_CONTROLS } from '../../controls/shared-controls';
import { FREQUENCIES } from './freq';
import { LINE_INTERPOLATIONS } from './types';

/** line_interpolation values (the NVD3 interpolations the incumbent offers). */

const render = { renderTrigger: true } as const;
const margin = (name: string, label: string) =>
  custom(name, { type: 'SelectControl', label, default: 'auto', freeForm: true, choices: [['auto', 'auto'], ['50', '50'], ['75', '75'], ['100', '100'], ['125', '125'], ['150', '150'], ['200', '200']], ...render });

/** The time_pivot panel. */
export const timePivotControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('metric')],
      [control('adhoc_filters')],
      [custom('freq', { type: 'SelectControl', label: 'Frequency', description: 'The periodicity over which to pivot time (a pandas offset alias).', default: 'W-MON', freeForm: true, choices: FREQUENCIES })],
      [control('min_periods', { visibility: undefined, description: 'The number of time steps left out at the start of the series.' })],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('show_legend'), custom('line_interpolation', { type: 'SelectControl', label: 'Line style', description: 'Line interpolation as defined by d3.js', default: 'linear', choices: LINE_INTERPOLATIONS.map((v) => [v, v] as const), ...render })],
        [custom('color_picker', { type: 'ColorPickerControl', label: 'Color', description: 'The base colour; older periods are drawn fainter. Cleared: one colour per period from the scheme.', default: { r: 0, g: 122, b: 135, a: 1 }, ...render })],
        [control('color_scheme')],
      ],
    },
    {
      label: 'X Axis',
      expanded: true,
      controlSetRows: [
        [custom('x_axis_label', { type: 'TextControl', label: 'X Axis Label', default: '', ...render }), margin('bottom_margin', 'Bottom margin')],
        [custom('x_axis_showminmax', { type: 'CheckboxControl', label: 'X bounds', description: 'Whether to display the min and max values of the X-axis', default: false, ...render }), custom('x_axis_format', { ...SHARED_CONTROLS.date_format, label: 'X Axis Format' })],
      ],
    },
    {
      label: 'Y Axis',
      expanded: true,
      controlSetRows: [
        [custom('y_axis_label', { type: 'TextControl', label: 'Y Axis Label', default: '', ...render }), margin('left_margin', 'Left margin')],
        [custom('y_axis_showminmax', { type: 'CheckboxControl', label: 'Y bounds', description: 'Whether to display the min and max values of the Y-axis', default: false, ...render }), custom('y_log_scale', { type: 'CheckboxControl', label: 'Y Log Scale', description: 'Use a log scale for the Y-axis', default: false, ...render })],
        [custom('y_axis_format', { ...SHARED_CONTROLS.number_format, label: 'Y Axis Format' }), custom('y_axis_bounds', { type: 'BoundsControl', label: 'Y Axis Bounds', default: [null, null], ...render })],
      ],
    },
  ],
};
