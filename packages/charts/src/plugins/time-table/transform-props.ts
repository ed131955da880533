/** Chart-data response (a legacy time series) -> a row per metric (or group) with its column_collection cells. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { TIME_COLUMN } from '../../shared/post-processing';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { validateTimeTableMetrics } from './build-query';
import { sparkCell, valueCell } from './cells';
import type { TimeTableColumnConfig, TimeTableProps, TimeTableRow } from './types';

/**
 * Rows are the metrics, or with a group-by the groups' values of the single metric (the incumbent pivots
 * the groups into columns and shows each as a row); each row's values run over the shared time steps.
 *
 * @example
 * transformTimeTableProps({ formData: { ..., metrics: ['count'], column_collection: [{ key: 'a', colType: 'spark' }] }, queriesData, width: 800, height: 300 }).rows[0].cells[0].kind; // 'spark'
 */
export function transformTimeTableProps(input: TransformPropsInput): TimeTableProps {
  const fd = input.formData;
  validateTimeTableMetrics(fd);
  const metrics = (Array.isArray(fd.metrics) ? fd.metrics : [fd.metrics]) as QueryFormMetric[];
  const metricLabels = metrics.map(getMetricLabel);
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  requireResultColumns(input.queriesData[0], [TIME_COLUMN, ...groupby, ...metricLabels]);
  const records = getRecords(input.queriesData);
  const times = [...new Set(records.map((r) => Number(r[TIME_COLUMN])))].filter(Number.isFinite).sort((a, b) => a - b);
  const series = groupby.length ? groupSeries(records, groupby, metricLabels[0], times) : metricSeries(records, metricLabels, times);
  const columns = (Array.isArray(fd.column_collection) ? fd.column_collection : []) as TimeTableColumnConfig[];
  const latestTotal = [...series.values()].reduce((sum, values) => sum + (values[values.length - 1] ?? 0), 0);
  const rows: TimeTableRow[] = [...series].map(([label, values]) => ({
    label,
    cells: columns.map((c) => (c.colType === 'spark' ? sparkCell(values, times, c) : valueCell(values, c, latestTotal))),
  }));
  return {
    ...baseProps(input, `Time-series table of ${metricLabels.join(', ')}${groupby.length ? ` by ${groupby.join(', ')}` : ''}: ${rows.length} rows over ${times.length} time steps`),
    rowHeader: 'Metric',
    columns: columns.map((c, i) => ({ key: String(c.key ?? i), label: String(c.label ?? ''), tooltip: String(c.tooltip ?? '') })),
    rows,
    defaultSort: groupby.length && columns.length ? { column: 0, desc: true } : null,
  };
}

/** One series per metric, in the metrics' order. */
function metricSeries(records: Array<Record<string, unknown>>, metrics: string[], times: number[]): Map<string, Array<number | null>> {
  const step = new Map(times.map((t, i) => [t, i]));
  const out = new Map(metrics.map((m) => [m, new Array<number | null>(times.length).fill(null)]));
  for (const r of records) {
    const i = step.get(Number(r[TIME_COLUMN]));
    if (i !== undefined) for (const m of metrics) out.get(m)![i] = toNumberOrNull(r[m]);
  }
  return out;
}

/** One series per group (its values joined), sorted by name as the incumbent's pivot orders them. */
function groupSeries(records: Array<Record<string, unknown>>, groupby: string[], metric: string, times: number[]): Map<string, Array<number | null>> {
  const step = new Map(times.map((t, i) => [t, i]));
  const out = new Map<string, Array<number | null>>();
  for (const r of records) {
    const i = step.get(Number(r[TIME_COLUMN]));
    if (i === undefined) continue;
    const name = groupby.map((g) => formatLabel(r[g])).join(', ');
    let values = out.get(name);
    if (!values) out.set(name, (values = new Array<number | null>(times.length).fill(null)));
    values[i] = toNumberOrNull(r[metric]);
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}
