/**
 * Post-processing rule factories, emitting what the incumbent's frontend operators emit (pivotOperator,
 * rollingWindowOperator, timeCompareOperator, resampleOperator, renameOperator, flattenOperator) so the
 * server's pandas-compatible operations receive the same options.
 */
import { getColumnLabel, getMetricLabel, type PostProcessingRule, type QueryFormData, type QueryObject } from '@lumen-bi/core';

/** Label of the legacy time column when no x-axis is set. */
export const TIME_COLUMN = '__timestamp';

const asArray = <T>(v: T | T[] | null | undefined): T[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The x-axis label of form data, or `__timestamp` for legacy time-series form data. */
export function getXAxisLabel(formData: Partial<QueryFormData>): string {
  return formData.x_axis ? getColumnLabel(formData.x_axis) : TIME_COLUMN;
}

/** Whether time comparison applies: a comparison type and at least one time shift. */
export function isTimeComparison(formData: Partial<QueryFormData>): boolean {
  const types = ['values', 'absolute', 'difference', 'percentage', 'ratio'];
  return types.includes(String(formData.comparison_type)) && asArray(formData.time_compare as string[] | undefined).length > 0;
}

/** `metric__offset` -> metric, for every metric and time shift (the incumbent's getMetricOffsetsMap). */
export function getMetricOffsetsMap(formData: Partial<QueryFormData>, queryObject: QueryObject): Map<string, string> {
  const map = new Map<string, string>();
  for (const metric of asArray(queryObject.metrics).map(getMetricLabel)) {
    for (const offset of asArray(formData.time_compare as string[] | undefined)) map.set(`${metric}__${offset}`, metric);
  }
  return map;
}

/**
 * pivot on the x-axis by the series columns. `flatten_columns: false, reset_index: false` keep the
 * metric level (a MultiIndex) so rolling/compare address metrics and `flatten` joins the levels last,
 * as the incumbent's pipeline expects of pandas.
 */
export function pivotOperator(formData: Partial<QueryFormData>, queryObject: QueryObject): PostProcessingRule | undefined {
  const metrics = asArray(queryObject.metrics).map(getMetricLabel);
  if (!metrics.length || !(formData.x_axis || queryObject.is_timeseries)) return undefined;
  const xLabel = getXAxisLabel(formData);
  return {
    operation: 'pivot',
    options: {
      index: [xLabel],
      columns: asArray(queryObject.columns).map(getColumnLabel).filter((c) => c !== xLabel),
      // 'mean' of a single value is the value, and unlike 'sum' it keeps NaN (no silent zeros).
      aggregates: Object.fromEntries(metrics.map((m) => [m, { operator: 'mean' }])),
      drop_missing_columns: !formData.show_empty_columns,
      flatten_columns: false,
      reset_index: false,
    },
  };
}

/** rolling (sum/mean/std) or cum (cumsum) over the metrics (and their time-shifted copies). */
export function rollingWindowOperator(formData: Partial<QueryFormData>, queryObject: QueryObject): PostProcessingRule | undefined {
  let columns: string[];
  if (isTimeComparison(formData)) {
    const map = getMetricOffsetsMap(formData, queryObject);
    columns = [...map.values(), ...map.keys()];
  } else {
    columns = asArray(queryObject.metrics).map(getMetricLabel);
  }
  const columnsMap = Object.fromEntries(columns.map((c) => [c, c]));
  const type = formData.rolling_type;
  if (type === 'cumsum') return { operation: 'cum', options: { operator: 'sum', columns: columnsMap } };
  if (type === 'sum' || type === 'mean' || type === 'std') {
    const int = (v: unknown, d: number) => (Number.isInteger(Number(v)) && v !== null && v !== '' && v !== undefined ? Number(v) : d);
    return {
      operation: 'rolling',
      options: { rolling_type: type, window: int(formData.rolling_periods, 1), min_periods: int(formData.min_periods, 0), columns: columnsMap },
    };
  }
  return undefined;
}

/** compare (difference/percentage/ratio) of each metric with its time-shifted copy. */
export function timeCompareOperator(formData: Partial<QueryFormData>, queryObject: QueryObject): PostProcessingRule | undefined {
  const type = formData.comparison_type;
  if (!isTimeComparison(formData) || type === 'values') return undefined;
  const map = getMetricOffsetsMap(formData, queryObject);
  return {
    operation: 'compare',
    options: {
      source_columns: [...map.values()],
      compare_columns: [...map.keys()],
      compare_type: type,
      drop_original_columns: true,
    },
  };
}

/** resample by rule and method; 'zerofill' is asfreq with a 0 fill value. */
export function resampleOperator(formData: Partial<QueryFormData>): PostProcessingRule | undefined {
  const zerofill = formData.resample_method === 'zerofill';
  const method = zerofill ? 'asfreq' : formData.resample_method;
  const rule = formData.resample_rule;
  if (!method || !rule) return undefined;
  return { operation: 'resample', options: { method, rule, fill_value: zerofill ? 0 : null } };
}

/**
 * rename the metric level away when there is one metric and series columns (truncate_metric), so
 * series are named by their group values only.
 */
export function renameOperator(formData: Partial<QueryFormData>, queryObject: QueryObject): PostProcessingRule | undefined {
  const metrics = asArray(queryObject.metrics);
  const columns = asArray(queryObject.series_columns ?? queryObject.columns);
  const derived = isTimeComparison(formData) && ['absolute', 'difference', 'ratio', 'percentage'].includes(String(formData.comparison_type));
  if (metrics.length !== 1 || !columns.length || derived || !formData.truncate_metric) return undefined;
  const pairs: Array<[string, string | null]> = [];
  if (isTimeComparison(formData)) {
    const offsets = asArray(formData.time_compare as string[]);
    for (const key of getMetricOffsetsMap(formData, queryObject).keys()) pairs.push([key, offsets.find((o) => key.includes(o)) ?? key]);
  }
  pairs.push([getMetricLabel(metrics[0]), null]);
  return { operation: 'rename', options: { columns: Object.fromEntries(pairs), level: 0, inplace: true } };
}

/** flatten the pivoted columns ('metric, group') and reset the index. */
export function flattenOperator(): PostProcessingRule {
  return { operation: 'flatten' };
}

/**
 * Marks the x-axis column as the query's base axis with the time grain, as the incumbent's
 * normalizeTimeColumn does, so the server truncates it to the grain.
 *
 * @example
 * normalizeTimeColumn({ x_axis: 'ds', time_grain_sqla: 'P1M', ... }, { columns: ['ds', 'g'], ... }).columns;
 * // [{ timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL' }, 'g']
 */
export function normalizeTimeColumn(formData: Partial<QueryFormData>, queryObject: QueryObject): QueryObject {
  const xAxis = formData.x_axis;
  if (!xAxis || !queryObject.columns) return queryObject;
  const label = getColumnLabel(xAxis);
  const grain = queryObject.extras?.time_grain_sqla;
  const columns = queryObject.columns.map((col) => {
    if (getColumnLabel(col) !== label) return col;
    const base = typeof col === 'string' ? { sqlExpression: col, label: col, expressionType: 'SQL' as const } : col;
    return { ...(grain ? { timeGrain: grain } : {}), columnType: 'BASE_AXIS' as const, ...base };
  });
  const { is_timeseries: _drop, ...rest } = queryObject;
  return { ...rest, columns };
}
