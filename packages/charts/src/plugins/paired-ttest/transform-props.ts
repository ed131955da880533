/** Chart-data response (a legacy time series) -> one t-test table per metric, a row per group. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { TIME_COLUMN } from '../../shared/post-processing';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { PairedTTestProps, TTestTable } from './types';

/**
 * A numeric control of the form data, or `fallback` when unset; a value that is not a number in range is
 * an error naming the control (a blank or wrong table would hide it).
 *
 * @example
 * numericControl({ significance_level: '0.1' }, 'significance_level', 'Significance level', 0.05, (v) => v > 0 && v < 1); // 0.1
 */
export function numericControl(fd: Record<string, unknown>, name: string, label: string, fallback: number, valid: (v: number) => boolean): number {
  const raw = fd[name];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !valid(value)) throw new Error(`${label} is not valid: ${String(raw)}`);
  return value;
}

/** The incumbent's names for empty group values (its pivot renames falsy column keys). */
const groupValue = (v: unknown) => (v === '' ? 'N/A' : v === null || v === undefined ? 'NULL' : formatLabel(v));

/**
 * @example
 * transformPairedTTestProps({ formData: { ..., groupby: ['deal_size'], metrics: ['count'] }, queriesData, width: 600, height: 400 }).tables[0].groups;
 * // [['Large'], ['Medium'], ['Small']]
 */
export function transformPairedTTestProps(input: TransformPropsInput): PairedTTestProps {
  const fd = input.formData;
  const metrics = requireControl<QueryFormMetric[]>(fd, 'metrics', 'Metrics').map(getMetricLabel);
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  const alpha = numericControl(fd, 'significance_level', 'Significance level', 0.05, (v) => v > 0 && v < 1);
  const pValuePrecision = numericControl(fd, 'pvalue_precision', 'p-value precision', 6, (v) => Number.isInteger(v) && v >= 0 && v <= 20);
  const liftPrecision = numericControl(fd, 'liftvalue_precision', 'Lift percent precision', 4, (v) => Number.isInteger(v) && v >= 0 && v <= 20);
  requireResultColumns(input.queriesData[0], [TIME_COLUMN, ...groupby, ...metrics]);
  const records = getRecords(input.queriesData);
  const times = [...new Set(records.map((r) => Number(r[TIME_COLUMN])))].filter(Number.isFinite).sort((a, b) => a - b);
  const tables = metrics.map((metric) => metricTable(metric, records, groupby, times));
  return {
    ...baseProps(input, `Paired t-test of ${metrics.join(', ')}${groupby.length ? ` between groups of ${groupby.join(', ')}` : ''} over ${times.length} time steps`),
    groupColumns: groupby.length ? groupby : ['Group'],
    tables,
    alpha,
    pValuePrecision,
    liftPrecision,
  };
}

/** A metric's rows: each group's values over the time steps, groups in ascending order (the incumbent pivots them so). */
function metricTable(metric: string, records: Array<Record<string, unknown>>, groupby: string[], times: number[]): TTestTable {
  const step = new Map(times.map((t, i) => [t, i]));
  const rows = new Map<string, { group: string[]; values: Array<number | null> }>();
  for (const r of records) {
    const i = step.get(Number(r[TIME_COLUMN]));
    if (i === undefined) continue;
    const group = groupby.length ? groupby.map((g) => groupValue(r[g])) : ['All'];
    const key = JSON.stringify(group);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { group, values: new Array<number | null>(times.length).fill(null) }));
    row.values[i] = toNumberOrNull(r[metric]);
  }
  const sorted = [...rows.values()].sort((a, b) => compareGroups(a.group, b.group));
  return { metric, groups: sorted.map((r) => r.group), series: sorted.map((r) => r.values) };
}

function compareGroups(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = a[i].localeCompare(b[i], undefined, { numeric: true });
    if (c) return c;
  }
  return 0;
}
