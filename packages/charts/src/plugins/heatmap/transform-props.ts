/** Records of (x, y, metric) -> a sorted grid of coloured cells with labels and a legend. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { sequentialColor } from '../../colors/schemes';
import { formatPercent, getNumberFormatter, getTimeFormatter } from '../../shared/format';
import { getColnames, getRecords, toNumberOrNull } from '../../shared/records';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { percentileRanks } from './rank';
import type { HeatmapCell, HeatmapProps } from './types';
import { requireControl, requireResultColumns } from '../../shared/required-controls';

const collator = new Intl.Collator(undefined, { numeric: true });

/**
 * Orders axis categories: alpha_* by label, value_* by the metric's sum per category; unset keeps
 * the first-seen order (the query's).
 *
 * @example
 * sortCategories(['b', 'a'], new Map([['a', 1], ['b', 5]]), 'value_desc'); // ['b', 'a']
 */
export function sortCategories(labels: string[], sums: Map<string, number>, sort: unknown): string[] {
  const s = typeof sort === 'string' ? sort : '';
  if (!s) return labels;
  const asc = s.includes('asc') ? 1 : -1;
  const byValue = s.includes('value');
  return [...labels].sort((a, b) => asc * (byValue ? (sums.get(a) ?? 0) - (sums.get(b) ?? 0) : collator.compare(a, b)));
}

/**
 * @example
 * transformHeatmapProps({ formData: { ..., x_axis: 'product_line', groupby: 'deal_size', metric: 'count' }, queriesData, width, height }).cells.length;
 */
export function transformHeatmapProps(input: TransformPropsInput): HeatmapProps {
  const fd = input.formData;
  const xKey = getColumnLabel(requireControl<QueryFormColumn>(fd, 'x_axis', 'X-axis'));
  const yColumn = (Array.isArray(fd.groupby) ? fd.groupby[0] : requireControl(fd, 'groupby', 'Y-axis')) as QueryFormColumn;
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const yKey = getColumnLabel(yColumn);
  const result = input.queriesData[0];
  requireResultColumns(result, [xKey, yKey, metric]);
  const records = getRecords(input.queriesData);
  const temporal = result?.coltypes?.[getColnames(result).indexOf(xKey)] === 2;
  const timeFmt = getTimeFormatter(fd.x_axis_time_format);
  const fmt = getNumberFormatter(fd.y_axis_format);
  const xl = (v: unknown) => (temporal && typeof v === 'number' ? timeFmt.format(v) : formatLabel(v));
  const rows = records.map((r) => ({ x: xl(r[xKey]), y: formatLabel(r[yKey]), value: toNumberOrNull(r[metric]), xValue: r[xKey], yValue: r[yKey] }));
  const sumsX = new Map<string, number>();
  const sumsY = new Map<string, number>();
  for (const r of rows) {
    sumsX.set(r.x, (sumsX.get(r.x) ?? 0) + (r.value ?? 0));
    sumsY.set(r.y, (sumsY.get(r.y) ?? 0) + (r.value ?? 0));
  }
  const xLabels = sortCategories([...sumsX.keys()], sumsX, fd.sort_x_axis);
  const yLabels = sortCategories([...sumsY.keys()], sumsY, fd.sort_y_axis);
  const across = fd.normalize_across === 'x' || fd.normalize_across === 'y' ? fd.normalize_across : 'heatmap';
  const group = (r: { x: string; y: string }) => (across === 'x' ? r.x : across === 'y' ? r.y : '');
  const ranks = percentileRanks(rows.map((r) => r.value), rows.map(group));
  const groupTotals = new Map<string, number>();
  for (const r of rows) groupTotals.set(group(r), (groupTotals.get(group(r)) ?? 0) + (r.value ?? 0));
  const finite = rows.map((r) => r.value).filter((v): v is number => v !== null);
  const bounds = Array.isArray(fd.value_bounds) ? fd.value_bounds : [];
  const lo = toNumberOrNull(bounds[0]) ?? (finite.length ? Math.min(...finite) : 0);
  const hi = toNumberOrNull(bounds[1]) ?? (finite.length ? Math.max(...finite) : 1);
  const scheme = String(fd.linear_color_scheme ?? 'superset_seq_1');
  const normalized = Boolean(fd.normalized);
  const xi = new Map(xLabels.map((l, i) => [l, i]));
  const yi = new Map(yLabels.map((l, i) => [l, i]));
  const cells: HeatmapCell[] = rows.map((r, i) => {
    const t = normalized ? (ranks[i] ?? 0) : hi === lo ? 0.5 : ((r.value ?? lo) - lo) / (hi - lo);
    const total = groupTotals.get(group(r)) ?? 0;
    const text = r.value === null ? 'N/A' : fmt.format(r.value);
    const pct = fd.show_percentage !== false && r.value !== null && total ? ` (${formatPercent(r.value / total)})` : '';
    return {
      x: xi.get(r.x)!,
      y: yi.get(r.y)!,
      value: r.value,
      color: r.value === null ? 'transparent' : sequentialColor(scheme, t),
      label: fd.show_values ? text : '',
      tooltip: `${r.x} / ${r.y}: ${text}${pct}`,
      xValue: r.xValue,
      yValue: r.yValue,
    };
  });
  return {
    ...baseProps(input, `Heatmap of ${metric} by ${xKey} and ${yKey}: ${xLabels.length} x ${yLabels.length} cells`),
    xLabels,
    yLabels,
    cells,
    showLegend: fd.show_legend !== false,
    legendStops: [0, 0.25, 0.5, 0.75, 1].map((t) => sequentialColor(scheme, t)),
    legendMin: normalized ? '0%' : fmt.format(lo),
    legendMax: normalized ? '100%' : fmt.format(hi),
    // Like the bar chart's x: only plain columns, and no equality on a temporal x (a time bucket is a range).
    crossFilter: typeof fd.x_axis === 'string' && typeof yColumn === 'string' && !temporal ? { xColumn: fd.x_axis, yColumn } : null,
  };
}
