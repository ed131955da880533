/**
 * Control panel of the mixed chart, as the incumbent lays it out: shared x axis and time grain, then
 * Query A and Query B (B's controls named with `_b`), each with its advanced analytics, then how each
 * query draws (B's look named with `B`) and the two y axes.
 */
import type { ControlItem, ControlPanelConfig, ControlPanelSection } from '../../controls/control-types';
import { ADVANCED_ANALYTICS_SECTION, ANNOTATIONS_SECTION, SERIES_SORT_TYPES, control, custom, querySection } from '../../controls/shared-controls';
import { SERIES_TYPE_CHOICES } from '../timeseries/series-type';
import { QUERY_B_SUFFIX, suffixedOnly } from './form-data-suffix';

/** A query's controls under query B's names; a visibility rule then reads query B's values alone. */
function forQueryB(item: ControlItem): ControlItem {
  const { visibility } = item.config;
  return {
    name: `${item.name}${QUERY_B_SUFFIX}`,
    config: { ...item.config, ...(visibility ? { visibility: (fd) => visibility(suffixedOnly(fd)) } : {}) },
  };
}

const QUERY_ROWS: ControlItem[][] = [
  [control('metrics')],
  [control('groupby')],
  [control('adhoc_filters')],
  [control('series_limit'), control('series_limit_metric')],
  [control('row_limit'), control('order_desc')],
  [custom('truncate_metric', { type: 'CheckboxControl', label: 'Truncate metric', default: true })],
];

function querySections(label: string, rename: (item: ControlItem) => ControlItem): ControlPanelSection[] {
  return [
    { ...querySection(QUERY_ROWS.map((row) => row.map(rename))), label },
    { ...ADVANCED_ANALYTICS_SECTION, label: `Advanced analytics ${label}`, controlSetRows: ADVANCED_ANALYTICS_SECTION.controlSetRows.map((row) => row.map(rename)) },
  ];
}

/** How one query's series draw; `suffix` is '' for query A and 'B' for query B. */
function lookRows(label: string, suffix: string): ControlItem[][] {
  const named = (name: string, config: ControlItem['config']) => custom(`${name}${suffix}`, { ...config, label: `${label}: ${config.label}`, renderTrigger: true });
  return [
    [named('seriesType', { type: 'SelectControl', label: 'Series type', default: 'line', choices: SERIES_TYPE_CHOICES })],
    [
      named('stack', { type: 'CheckboxControl', label: 'Stack series', default: false }),
      named('area', { type: 'CheckboxControl', label: 'Area chart', default: false }),
    ],
    [
      named('opacity', { type: 'NumberControl', label: 'Opacity', default: 0.2, validators: [{ max: 1 }] }),
      named('markerSize', { type: 'NumberControl', label: 'Marker size', default: 6, validators: [{ max: 100 }] }),
    ],
    [named('yAxisIndex', { type: 'SelectControl', label: 'Y axis', default: 0, choices: [[0, 'Primary'], [1, 'Secondary']] })],
    [
      named('sort_series_type', { type: 'SelectControl', label: 'Sort series by', default: 'sum', choices: SERIES_SORT_TYPES.map((t) => [t, t] as const) }),
      named('sort_series_ascending', { type: 'CheckboxControl', label: 'Sort series ascending', default: false }),
    ],
  ];
}

const axisRows: ControlItem[][] = [
  [{ ...control('date_format', { label: 'X axis time format' }), name: 'x_axis_time_format' }],
  [custom('y_axis_bounds', { type: 'BoundsControl', label: 'Primary y-axis bounds', default: [null, null], renderTrigger: true })],
  [{ ...control('number_format', { label: 'Primary y-axis format' }), name: 'y_axis_format' }],
  [control('currency_format', { label: 'Primary currency format' })],
  [custom('logAxis', { type: 'CheckboxControl', label: 'Logarithmic primary y-axis', default: false, renderTrigger: true })],
  [custom('y_axis_bounds_secondary', { type: 'BoundsControl', label: 'Secondary y-axis bounds', default: [null, null], renderTrigger: true })],
  [{ ...control('number_format', { label: 'Secondary y-axis format' }), name: 'y_axis_format_secondary' }],
  [{ ...control('currency_format', { label: 'Secondary currency format' }), name: 'currency_format_secondary' }],
  [custom('logAxisSecondary', { type: 'CheckboxControl', label: 'Logarithmic secondary y-axis', default: false, renderTrigger: true })],
];

/**
 * The mixed chart's panel.
 *
 * @example
 * mixedTimeseriesControlPanel.sections.map((s) => s.label);
 * // ['Shared query fields', 'Query A', 'Advanced analytics Query A', 'Query B', 'Advanced analytics Query B', 'Annotations and layers', 'Chart options']
 */
export const mixedTimeseriesControlPanel: ControlPanelConfig = {
  sections: [
    { label: 'Shared query fields', expanded: true, controlSetRows: [[control('x_axis')], [control('time_grain_sqla')]] },
    ...querySections('Query A', (item) => item),
    ...querySections('Query B', forQueryB),
    ANNOTATIONS_SECTION,
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [[control('color_scheme'), control('show_legend')], ...lookRows('Query A', ''), ...lookRows('Query B', 'B'), ...axisRows],
    },
  ],
};
