/** Chart-data response (a legacy time series) -> one horizon row per series over shared time steps. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { getNumberFormatter } from '../../shared/format';
import { TIME_COLUMN } from '../../shared/post-processing';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import { formatTimeAlone } from '../../shared/year-aware-time';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { HorizonProps, HorizonSeries } from './types';

/**
 * The incumbent's horizon colours: four blues for the bands below zero (darkest = furthest), four warm
 * colours for the bands above (darkest = highest).
 */
export const HORIZON_COLORS = ['#313695', '#4575b4', '#74add1', '#abd9e9', '#fee090', '#fdae61', '#f46d43', '#d73027'] as const;

/** Row height when series_height is unset or unreadable. */
const DEFAULT_ROW_HEIGHT = 25;

/**
 * @example
 * transformHorizonProps({ formData: { ..., granularity_sqla: 'order_date', groupby: ['product_line'], metrics: ['SUM(sales)'] }, queriesData, width: 800, height: 300 }).series.length;
 */
export function transformHorizonProps(input: TransformPropsInput): HorizonProps {
  const fd = input.formData;
  const metrics = requireControl<QueryFormMetric[]>(fd, 'metrics', 'Metrics').map(getMetricLabel);
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  requireResultColumns(input.queriesData[0], [TIME_COLUMN, ...groupby, ...metrics]);
  const records = getRecords(input.queriesData);
  const times = [...new Set(records.map((r) => Number(r[TIME_COLUMN])))].filter(Number.isFinite).sort((a, b) => a - b);
  const step = new Map(times.map((t, i) => [t, i]));
  const raw = seriesValues(records, metrics, groupby, step, times.length);
  if (fd.contribution === true) toContributions([...raw.values()]);
  const fmt = getNumberFormatter(fd.number_format);
  const mode = String(fd.horizon_color_scale ?? 'series');
  const shown = [...raw].sort(([a], [b]) => a.localeCompare(b)).map(([name, values]) => ({ name, values, drawn: mode === 'change' ? changeFromFirst(values) : values }));
  const overall = Math.max(0, ...shown.map((s) => magnitude(s.drawn)));
  const series: HorizonSeries[] = shown.map((s) => ({
    name: s.name,
    values: s.drawn,
    formatted: s.values.map((v) => (v === null ? 'N/A' : fmt.format(v))),
    extent: mode === 'overall' ? overall : magnitude(s.drawn),
  }));
  const height = Number.parseInt(String(fd.series_height ?? ''), 10);
  return {
    ...baseProps(input, `Horizon chart of ${metrics.join(', ')}${groupby.length ? ` by ${groupby.join(', ')}` : ''} over ${times.length} time steps: ${series.map((s) => s.name).join(', ')}`),
    series,
    times,
    timeLabels: times.map((t) => formatTimeAlone('smart_date', t)),
    rowHeight: height > 0 ? height : DEFAULT_ROW_HEIGHT,
    colors: HORIZON_COLORS,
  };
}

/**
 * The series of a legacy time series: one per group (and metric, with several), named as the incumbent's
 * NVD3 series are (the group values, with the metric first when there are several metrics).
 */
function seriesValues(records: Array<Record<string, unknown>>, metrics: string[], groupby: string[], step: Map<number, number>, length: number): Map<string, Array<number | null>> {
  const out = new Map<string, Array<number | null>>();
  for (const r of records) {
    const i = step.get(Number(r[TIME_COLUMN]));
    if (i === undefined) continue;
    const group = groupby.map((g) => formatLabel(r[g]));
    for (const m of metrics) {
      const name = [...(metrics.length > 1 || !group.length ? [m] : []), ...group].join(', ');
      let values = out.get(name);
      if (!values) out.set(name, (values = new Array<number | null>(length).fill(null)));
      values[i] = toNumberOrNull(r[m]);
    }
  }
  return out;
}

/** Each value as its share of the time step's total across series (the legacy `contribution` option). */
function toContributions(series: Array<Array<number | null>>): void {
  const length = series[0]?.length ?? 0;
  for (let i = 0; i < length; i++) {
    const total = series.reduce((s, values) => s + (values[i] ?? 0), 0);
    for (const values of series) if (values[i] !== null) values[i] = total ? values[i]! / total : 0;
  }
}

/**
 * The change of each value from the series' first value (horizon_color_scale 'change').
 *
 * @example
 * changeFromFirst([5, 7, null, 2]); // [0, 2, null, -3]
 */
export function changeFromFirst(values: Array<number | null>): Array<number | null> {
  const first = values.find((v) => v !== null) ?? 0;
  return values.map((v) => (v === null ? null : v - first));
}

/** The largest distance from zero, above or below: what fills every band. */
function magnitude(values: Array<number | null>): number {
  let max = 0;
  for (const v of values) if (v !== null && Math.abs(v) > max) max = Math.abs(v);
  return max;
}
