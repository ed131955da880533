/** Control panel of the Gantt chart (the incumbent's control names and defaults). */
import type { ControlPanelConfig } from '../../controls/control-types';
import { control, custom, querySection, SHARED_CONTROLS } from '../../controls/shared-controls';
import { legendOrientationControl } from '../../controls/legend-controls';

const column = (name: string, label: string, required = true) =>
  custom(name, { type: 'GroupByControl', label, ...(required ? { validators: ['nonEmpty'] as const } : {}) });

/** The Gantt panel. */
export const ganttControlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [column('start_time', 'Start Time')],
      [column('end_time', 'End Time')],
      [custom('y_axis', { type: 'GroupByControl', label: 'Y-axis', description: 'Dimension to use on y-axis.', validators: ['nonEmpty'] })],
      [column('series', 'Dimension', false)],
      [custom('subcategories', { type: 'CheckboxControl', label: 'Subcategories', description: 'Divides each category into subcategories based on the values in the dimension. It can be used to exclude intersections.', default: false, renderTrigger: true, visibility: (fd) => Boolean(fd.series) })],
      [custom('tooltip_metrics', { type: 'MetricsControl', label: 'Tooltip metrics', multi: true, default: [] })],
      [custom('tooltip_columns', { type: 'GroupByControl', label: 'Tooltip columns', multi: true, default: [] })],
      [control('adhoc_filters')],
      [control('row_limit')],
    ]),
    {
      label: 'Chart title',
      expanded: false,
      controlSetRows: [
        [custom('x_axis_title', { type: 'TextControl', label: 'X Axis Title', default: '', renderTrigger: true })],
        [custom('y_axis_title', { type: 'TextControl', label: 'Y Axis Title', default: '', renderTrigger: true })],
      ],
    },
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [control('color_scheme')],
        [control('show_legend'), legendOrientationControl()],
        [
          custom('x_axis_time_bounds', {
            type: 'TimeOfDayBoundsControl',
            label: 'Bounds',
            description: 'Bounds for the X-axis. Selected time merges with min/max date of the data. When left empty, bounds dynamically defined based on the min/max of the data.',
            default: [null, null],
            renderTrigger: true,
          }),
        ],
        [custom('x_axis_time_format', { ...SHARED_CONTROLS.date_format, label: 'Time format' })],
        [custom('tooltipTimeFormat', { ...SHARED_CONTROLS.date_format, label: 'Tooltip time format' })],
        [custom('tooltipValuesFormat', { ...SHARED_CONTROLS.number_format, label: 'Tooltip number format' })],
      ],
    },
  ],
};
