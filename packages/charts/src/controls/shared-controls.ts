/**
 * Control definitions shared by plugins, so a metric picker or a row limit behaves the same in every
 * chart. Plugins compose sections from these and add their own few controls.
 */
import {
  COMPARISON_TYPES,
  DATE_FORMAT_OPTIONS,
  DEFAULT_ROW_LIMIT_CONTROL,
  NUMBER_FORMAT_OPTIONS,
  RESAMPLE_METHODS,
  RESAMPLE_RULES,
  ROLLING_TYPES,
  ROW_LIMIT_CHOICES,
  SERIES_LIMIT_CHOICES,
  SMART_DATE_FORMAT,
  SMART_NUMBER_FORMAT,
  SPECIAL_NUMBER_FORMATS,
  TIME_SHIFT_CHOICES,
} from '@lumen-bi/core';
import { SCHEME_NAMES } from '../colors/schemes';
import type { ControlConfig, ControlItem, ControlPanelSection } from './control-types';

const pairs = (values: readonly (string | number)[]): Array<readonly [string | number, string]> => values.map((v) => [v, String(v)] as const);

/** Series sort types (spec 2 §3). */
export const SERIES_SORT_TYPES = ['name', 'sum', 'min', 'max', 'avg'] as const;

/** Shared control configurations by form-data key. */
export const SHARED_CONTROLS = {
  metrics: { type: 'MetricsControl', label: 'Metrics', multi: true, validators: ['nonEmpty'] },
  metric: { type: 'MetricsControl', label: 'Metric', validators: ['nonEmpty'] },
  groupby: { type: 'GroupByControl', label: 'Dimensions', multi: true, default: [] },
  columns: { type: 'GroupByControl', label: 'Columns', multi: true, default: [] },
  x_axis: { type: 'GroupByControl', label: 'X-axis', validators: ['nonEmpty'] },
  adhoc_filters: { type: 'AdhocFilterControl', label: 'Filters', default: [] },
  time_range: { type: 'TimeRangeControl', label: 'Time range', default: 'No filter' },
  time_grain_sqla: { type: 'TimeGrainControl', label: 'Time grain', default: 'P1D' },
  row_limit: {
    type: 'RowLimitControl',
    label: 'Row limit',
    default: DEFAULT_ROW_LIMIT_CONTROL,
    choices: pairs(ROW_LIMIT_CHOICES),
    freeForm: true,
    validators: ['integer'],
  },
  series_limit: { type: 'SeriesLimitControl', label: 'Series limit', default: 0, choices: pairs(SERIES_LIMIT_CHOICES), validators: ['integer'] },
  series_limit_metric: { type: 'MetricsControl', label: 'Sort by', description: 'Metric used to limit series' },
  order_desc: { type: 'CheckboxControl', label: 'Sort descending', default: true },
  color_scheme: { type: 'ColorSchemeControl', label: 'Color scheme', default: 'supersetColors', choices: pairs(SCHEME_NAMES), renderTrigger: true },
  number_format: {
    type: 'NumberFormatControl',
    label: 'Number format',
    default: SMART_NUMBER_FORMAT,
    choices: pairs([SMART_NUMBER_FORMAT, ...NUMBER_FORMAT_OPTIONS, ...SPECIAL_NUMBER_FORMATS]),
    freeForm: true,
    renderTrigger: true,
  },
  date_format: {
    type: 'DateFormatControl',
    label: 'Date format',
    default: SMART_DATE_FORMAT,
    choices: pairs([SMART_DATE_FORMAT, ...DATE_FORMAT_OPTIONS]),
    freeForm: true,
    renderTrigger: true,
  },
  currency_format: { type: 'CurrencyControl', label: 'Currency format', renderTrigger: true },
  show_legend: { type: 'CheckboxControl', label: 'Show legend', default: true, renderTrigger: true },
  rolling_type: { type: 'RollingControl', label: 'Rolling function', default: 'None', choices: pairs(ROLLING_TYPES) },
  rolling_periods: {
    type: 'TextControl',
    label: 'Periods',
    validators: ['integer'],
    visibility: (fd) => Boolean(fd.rolling_type) && fd.rolling_type !== 'None' && fd.rolling_type !== 'cumsum',
  },
  min_periods: {
    type: 'TextControl',
    label: 'Min periods',
    validators: ['integer'],
    visibility: (fd) => Boolean(fd.rolling_type) && fd.rolling_type !== 'None' && fd.rolling_type !== 'cumsum',
  },
  time_compare: { type: 'TimeCompareControl', label: 'Time shift', multi: true, freeForm: true, choices: pairs(TIME_SHIFT_CHOICES), default: [] },
  comparison_type: { type: 'SelectControl', label: 'Calculation type', default: 'values', choices: pairs(COMPARISON_TYPES) },
  resample_rule: { type: 'ResampleControl', label: 'Rule', freeForm: true, choices: pairs(RESAMPLE_RULES) },
  resample_method: { type: 'ResampleControl', label: 'Fill method', choices: pairs([...RESAMPLE_METHODS, 'zerofill']) },
} satisfies Record<string, ControlConfig>;

/** Name of a shared control. */
export type SharedControlName = keyof typeof SHARED_CONTROLS;

/**
 * A control item from the shared definitions, optionally overridden.
 *
 * @example
 * control('row_limit', { default: 100 }); // { name: 'row_limit', config: { type: 'RowLimitControl', default: 100, ... } }
 */
export function control(name: SharedControlName, overrides: Partial<ControlConfig> = {}): ControlItem {
  return { name, config: { ...(SHARED_CONTROLS[name] as ControlConfig), ...overrides } };
}

/**
 * A plugin-specific control item.
 *
 * @example
 * custom('donut', { type: 'CheckboxControl', label: 'Donut', default: false, renderTrigger: true });
 */
export function custom(name: string, config: ControlConfig): ControlItem {
  return { name, config };
}

/** The "Query" section most aggregate charts start from. */
export function querySection(rows: ControlItem[][]): ControlPanelSection {
  return { label: 'Query', expanded: true, controlSetRows: rows };
}

/**
 * The time-series charts' annotation layers (the incumbent's "Annotations and Layers" section): formulas,
 * events, intervals and other charts' series drawn over the chart. Changing them runs the query again (the
 * server answers chart-backed and stored layers' rows with the chart's data).
 */
export const ANNOTATIONS_SECTION: ControlPanelSection = {
  label: 'Annotations and layers',
  expanded: false,
  controlSetRows: [[custom('annotation_layers', { type: 'AnnotationLayerControl', label: 'Annotation layers', default: [] })]],
};

/** The advanced-analytics section of time-series charts (rolling, time comparison, resample). */
export const ADVANCED_ANALYTICS_SECTION: ControlPanelSection = {
  label: 'Advanced analytics',
  expanded: false,
  controlSetRows: [
    [control('rolling_type')],
    [control('rolling_periods'), control('min_periods')],
    [control('time_compare'), control('comparison_type')],
    [control('resample_rule'), control('resample_method')],
  ],
};
