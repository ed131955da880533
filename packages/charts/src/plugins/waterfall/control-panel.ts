/** Control panel of the waterfall chart (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection, SHARED_CONTROLS } from '../../controls/shared-controls';
import { WATERFALL_DEFAULT_COLORS } from './defaults';

/** Tick layouts of the x axis. */
export const X_TICKS_LAYOUTS = ['auto', 'flat', '45°', '90°', 'staggered'] as const;

/** A colour picker for one kind of bar, defaulting to the incumbent's colour. */
const colorControl = (name: keyof typeof WATERFALL_DEFAULT_COLORS, label: string) =>
  custom(name, { type: 'ColorPickerControl', label, default: WATERFALL_DEFAULT_COLORS[name], renderTrigger: true });
const labelControl = (name: string, label: string) => custom(name, { type: 'TextControl', label, renderTrigger: true });

/** The waterfall panel. */
export const waterfallControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('x_axis')],
      [control('time_grain_sqla')],
      [control('groupby', { label: 'Breakdowns', multi: false, description: 'Breaks down the series by the category specified in this control.' })],
      [control('metric')],
      [control('adhoc_filters')],
      [control('row_limit')],
    ]),
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [custom('show_value', { type: 'CheckboxControl', label: 'Show values', default: false, renderTrigger: true })],
        [control('show_legend', { default: false })],
      ],
    },
    {
      label: 'Series settings',
      expanded: true,
      controlSetRows: [
        [colorControl('increase_color', 'Increase color'), labelControl('increase_label', 'Increase label')],
        [colorControl('decrease_color', 'Decrease color'), labelControl('decrease_label', 'Decrease label')],
        [custom('show_total', { type: 'CheckboxControl', label: 'Show total', default: true, renderTrigger: true })],
        [colorControl('total_color', 'Total color'), labelControl('total_label', 'Total label')],
      ],
    },
    {
      label: 'X Axis',
      expanded: true,
      controlSetRows: [
        [custom('x_axis_label', { type: 'TextControl', label: 'X Axis Label', default: '', renderTrigger: true })],
        [custom('x_axis_time_format', { ...SHARED_CONTROLS.date_format, label: 'Time format' })],
        [custom('x_ticks_layout', { type: 'SelectControl', label: 'X Tick Layout', default: 'auto', choices: X_TICKS_LAYOUTS.map((l) => [l, l] as const), renderTrigger: true })],
      ],
    },
    {
      label: 'Y Axis',
      expanded: true,
      controlSetRows: [
        [custom('y_axis_label', { type: 'TextControl', label: 'Y Axis Label', default: '', renderTrigger: true })],
        [custom('y_axis_format', { ...SHARED_CONTROLS.number_format, label: 'Y Axis Format' })],
      ],
    },
  ],
};
