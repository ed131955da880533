/** Control panel of the heatmap. */
import { SEQUENTIAL_SCHEMES } from '../../colors/schemes';
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection } from '../../controls/shared-controls';

const SORT_CHOICES = [['alpha_asc', 'Axis ascending'], ['alpha_desc', 'Axis descending'], ['value_asc', 'Metric ascending'], ['value_desc', 'Metric descending']] as const;
const render = { renderTrigger: true } as const;
/** A shared control stored under the incumbent's heatmap-specific key. */
const renamed = (name: string, shared: 'number_format' | 'date_format', label: string) => ({ name, config: { ...control(shared).config, label } });

/** The heatmap panel. */
export const heatmapControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [control('x_axis')],
      [control('groupby', { label: 'Y-axis', multi: false, default: undefined, validators: ['nonEmpty'] })],
      [control('metric')],
      [control('adhoc_filters')],
      [control('row_limit', { default: 10000 })],
      [custom('sort_x_axis', { type: 'SelectControl', label: 'Sort X Axis', choices: SORT_CHOICES, ...render }), custom('sort_y_axis', { type: 'SelectControl', label: 'Sort Y Axis', choices: SORT_CHOICES, ...render })],
      [custom('normalize_across', { type: 'SelectControl', label: 'Normalize across', default: 'heatmap', choices: [['heatmap', 'heatmap'], ['x', 'x'], ['y', 'y']], description: 'Colour by rank within the heatmap, each column (x) or each row (y)', ...render })],
    ]),
    {
      label: 'Heatmap options',
      expanded: true,
      controlSetRows: [
        [custom('linear_color_scheme', { type: 'ColorSchemeControl', label: 'Linear color scheme', default: 'superset_seq_1', choices: Object.keys(SEQUENTIAL_SCHEMES).map((k) => [k, k] as const), ...render })],
        [custom('value_bounds', { type: 'BoundsControl', label: 'Value bounds', default: [null, null], description: 'Clamp the colour scale to these bounds', ...render })],
        [renamed('y_axis_format', 'number_format', 'Value format')],
        [renamed('x_axis_time_format', 'date_format', 'X axis time format')],
        [control('show_legend'), custom('show_values', { type: 'CheckboxControl', label: 'Show values', default: false, ...render })],
        [custom('show_percentage', { type: 'CheckboxControl', label: 'Show percentage', default: true, ...render }), custom('normalized', { type: 'CheckboxControl', label: 'Normalized', description: 'Colour by rank instead of value', default: false, ...render })],
      ],
    },
  ],
};
