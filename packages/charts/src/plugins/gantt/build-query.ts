/** Query of the Gantt chart: one row per event with its times, category, series and tooltip fields. */
import { buildQueryContext, type QueryContext, type QueryFormColumn, type QueryFormData, type QueryFormMetric, type QueryFormOrderBy } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * order_by_cols as saved: JSON strings '["status",false]' (column, ascending).
 *
 * @example
 * parseOrderByCols(['["status",false]']); // [['status', false]]
 */
export function parseOrderByCols(value: unknown): QueryFormOrderBy[] {
  return asArray(value as string | string[] | undefined).map((expr) => {
    const parsed: unknown = JSON.parse(expr);
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== 'boolean') throw new Error(`Invalid ordering: ${expr}`);
    return parsed as QueryFormOrderBy;
  });
}

/**
 * The incumbent's Gantt query: columns start, end, y axis, series, tooltip columns and ordering columns
 * (each once), the tooltip metrics, order_by_cols, and the series as series_columns.
 *
 * @example
 * buildGanttQuery({ datasource: '61__table', viz_type: 'gantt_chart', start_time: 'start_time', end_time: 'end_time', y_axis: 'status' })
 *   .queries[0].columns; // ['start_time', 'end_time', 'status']
 */
export function buildGanttQuery(formData: QueryFormData): QueryContext {
  const start = requireControl<QueryFormColumn>(formData, 'start_time', 'Start Time');
  const end = requireControl<QueryFormColumn>(formData, 'end_time', 'End Time');
  const yAxis = requireControl<QueryFormColumn>(formData, 'y_axis', 'Y-axis');
  const series = asArray(formData.series as QueryFormColumn | undefined);
  const orderby = parseOrderByCols(formData.order_by_cols);
  const columns = [start, end, yAxis, ...series, ...asArray(formData.tooltip_columns as QueryFormColumn[] | undefined), ...orderby.map((o) => o[0] as QueryFormColumn)];
  // Each column once; adhoc columns are distinct objects, as the incumbent's Set keeps them.
  const unique = columns.filter((c, i) => columns.indexOf(c) === i);
  return buildQueryContext(formData, (base) => [
    { ...base, columns: unique, metrics: asArray(formData.tooltip_metrics as QueryFormMetric[] | undefined), orderby, series_columns: series },
  ]);
}

function asArray<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}
