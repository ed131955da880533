/** Control panel of the time-series charts. */
import type { ControlPanelConfig } from '../../controls/control-types';
import { ADVANCED_ANALYTICS_SECTION, ANNOTATIONS_SECTION, SERIES_SORT_TYPES, control, custom, querySection } from '../../controls/shared-controls';
import type { SeriesKind } from './types';

/**
 * The panel for a series kind (bar and area add stacking; scatter adds marker size).
 *
 * @example
 * timeseriesControlPanel('area').sections.map((s) => s.label); // ['Query', 'Advanced analytics', 'Annotations and layers', 'Chart options']
 */
export function timeseriesControlPanel(kind: SeriesKind): ControlPanelConfig {
  const options = [
    [control('color_scheme'), control('show_legend')],
    [
      custom('sort_series_type', {
        type: 'SelectControl',
        label: 'Sort series by',
        default: 'sum',
        choices: SERIES_SORT_TYPES.map((t) => [t, t] as const),
        renderTrigger: true,
      }),
      custom('sort_series_ascending', { type: 'CheckboxControl', label: 'Sort series ascending', default: false, renderTrigger: true }),
    ],
    [
      control('number_format', { label: 'Y axis format' }),
      control('date_format', { label: 'X axis time format' }),
    ].map((item, i) => ({ ...item, name: i === 0 ? 'y_axis_format' : 'x_axis_time_format' })),
    [control('currency_format')],
    [custom('y_axis_bounds', { type: 'BoundsControl', label: 'Y axis bounds', default: [null, null], renderTrigger: true })],
    [custom('logAxis', { type: 'CheckboxControl', label: 'Logarithmic y-axis', default: false, renderTrigger: true })],
  ];
  if (kind === 'bar' || kind === 'area') {
    options.push([
      custom('stack', { type: 'SelectControl', label: 'Stacked style', default: null, choices: [[null, 'None'], ['Stack', 'Stack']], renderTrigger: true }),
    ]);
  }
  if (kind === 'area' || kind === 'bar') {
    options.push([custom('opacity', { type: 'NumberControl', label: 'Opacity', default: kind === 'area' ? 0.2 : 1, validators: [{ max: 1 }], renderTrigger: true })]);
  }
  if (kind === 'scatter') {
    options.push([custom('markerSize', { type: 'NumberControl', label: 'Marker size', default: 6, validators: [{ max: 100 }], renderTrigger: true })]);
  }
  return {
    sections: [
      querySection([
        [control('x_axis')],
        [control('time_grain_sqla')],
        [control('metrics')],
        [control('groupby')],
        [control('adhoc_filters')],
        [control('series_limit'), control('series_limit_metric')],
        [control('row_limit'), control('order_desc')],
        [custom('truncate_metric', { type: 'CheckboxControl', label: 'Truncate metric', default: true })],
        [custom('show_empty_columns', { type: 'CheckboxControl', label: 'Show empty columns', default: true })],
      ]),
      ADVANCED_ANALYTICS_SECTION,
      ANNOTATIONS_SECTION,
      { label: 'Chart options', expanded: true, controlSetRows: options },
    ],
  };
}
