/** Chart-data response -> gauge values on a min..max scale, coloured intervals and axis labels. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getCategoricalScheme } from '../../colors/schemes';
import { getNumberFormatter } from '../../shared/format';
import { getRecords, toNumberOrNull } from '../../shared/records';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { GaugeInterval, GaugeProps } from './types';
import { requireControl, requireResultColumns } from '../../shared/required-controls';

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : toNumberOrNull(v));
const list = (v: unknown): string[] => (typeof v === 'string' && v.trim() ? v.split(',').map((s) => s.trim()) : []);

/**
 * Coloured axis intervals: bound i ends interval i, coloured by the 1-based scheme index i.
 *
 * @example
 * gaugeIntervals('50,100', '1,3', 0, 200, ['#a', '#b', '#c']);
 * // [{ from: 0, to: 0.25, color: '#a' }, { from: 0.25, to: 0.5, color: '#c' }]
 */
export function gaugeIntervals(bounds: unknown, indices: unknown, min: number, max: number, colors: readonly string[]): GaugeInterval[] {
  const span = max - min || 1;
  const idx = list(indices);
  let from = 0;
  return list(bounds).map((b, i) => {
    const to = Math.min(1, Math.max(0, (Number(b) - min) / span));
    const k = Number.parseInt(idx[i] ?? '', 10);
    // A missing index falls back to the scheme in order, as an unset colour would otherwise be black.
    const color = colors[((Number.isFinite(k) ? k - 1 : i) % colors.length + colors.length) % colors.length];
    const out = { from, to, color };
    from = to;
    return out;
  });
}

/**
 * @example
 * transformGaugeProps({ formData: { ..., metric: 'count', min_val: 0, max_val: 100 }, queriesData, width: 300, height: 300 }).values[0].fraction;
 */
export function transformGaugeProps(input: TransformPropsInput): GaugeProps {
  const fd = input.formData;
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  requireResultColumns(input.queriesData[0], [...groupby, metric]);
  const fmt = getNumberFormatter(fd.number_format);
  const template = typeof fd.value_formatter === 'string' && fd.value_formatter ? fd.value_formatter : '{value}';
  const scale = chartColorScale(input);
  const rows = getRecords(input.queriesData).map((r) => ({ name: groupby.map((g) => formatLabel(r[g])).join(', ') || metric, value: toNumberOrNull(r[metric]) ?? 0 }));
  const values = rows.map((r) => r.value);
  // The incumbent's defaults: twice the extreme value (and 0) when min/max are not set.
  const min = num(fd.min_val) ?? 2 * Math.min(0, ...values);
  const max = num(fd.max_val) ?? 2 * Math.max(0, ...values);
  const span = max - min || 1;
  const format = (v: number) => template.replace('{value}', fmt.format(v));
  const split = Math.max(1, Math.round(num(fd.split_number) ?? 10));
  return {
    ...baseProps(input, `Gauge of ${metric} from ${fmt.format(min)} to ${fmt.format(max)}: ${rows.map((r) => `${r.name} ${format(r.value)}`).join(', ')}`),
    min,
    max,
    startAngle: num(fd.start_angle) ?? 225,
    endAngle: num(fd.end_angle) ?? -45,
    values: rows.map((r) => ({ name: r.name, value: r.value, fraction: Math.min(1, Math.max(0, (r.value - min) / span)), color: scale.getColor(r.name), formatted: format(r.value) })),
    intervals: gaugeIntervals(fd.intervals, fd.interval_color_indices, min, max, getCategoricalScheme(fd.color_scheme)),
    ticks: Array.from({ length: split + 1 }, (_, i) => ({ fraction: i / split, label: fmt.format(min + (span * i) / split) })),
    showPointer: fd.show_pointer !== false,
    showProgress: fd.show_progress !== false,
    overlap: fd.overlap !== false,
    roundCap: Boolean(fd.round_cap),
    fontSize: num(fd.font_size) ?? 15,
  };
}
