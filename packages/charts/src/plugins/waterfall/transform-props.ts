/** Chart-data response -> waterfall bars: each step from the running total before it to the one after. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { rgbaObjectToCss } from '../../colors/validate-color';
import { getNumberFormatter } from '../../shared/format';
import { getColnames, getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import { formatTimeAlone, formatTimeTicks } from '../../shared/year-aware-time';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { WATERFALL_DEFAULT_COLORS } from './defaults';
import type { WaterfallBar, WaterfallKind, WaterfallProps } from './types';

/** The incumbent's legend names when the label controls are empty. */
export const WATERFALL_DEFAULT_NAMES: Readonly<Record<WaterfallKind, string>> = { increase: 'Increase', decrease: 'Decrease', total: 'Total' };

/** The coltypes code of a temporal column (the incumbent's GenericDataType.Temporal). */
const TEMPORAL = 2;

/** One step before layout: its axis label, its value, or a total that shows the running total. */
export interface WaterfallStep {
  label: string;
  title: string;
  value: number;
  isTotal: boolean;
  filterValue?: unknown;
}

/**
 * @example
 * transformWaterfallProps({ formData: { ..., x_axis: 'order_date', metric: 'SUM(sales)' }, queriesData, width: 600, height: 400 }).bars.at(-1).kind; // 'total'
 */
export function transformWaterfallProps(input: TransformPropsInput): WaterfallProps {
  const fd = input.formData;
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const xColumn = (fd.x_axis ?? fd.granularity_sqla ?? requireControl(fd, 'x_axis', 'X-axis')) as QueryFormColumn;
  const xKey = getColumnLabel(xColumn);
  const breakdownColumn = (Array.isArray(fd.groupby) ? fd.groupby[0] : fd.groupby) as QueryFormColumn | undefined;
  const breakdown = breakdownColumn ? getColumnLabel(breakdownColumn) : null;
  const result = input.queriesData[0];
  requireResultColumns(result, [xKey, metric, ...(breakdown ? [breakdown] : [])]);
  const records = getRecords(input.queriesData);
  const temporal = result?.coltypes?.[getColnames(result).indexOf(xKey)] === TEMPORAL;
  const names = legendNames(fd);
  const fmt = getNumberFormatter(fd.y_axis_format);
  const groups = groupByX(records, xKey);
  const xValues = [...groups.keys()];
  const tickLabels = temporal ? formatTimeTicks(fd.x_axis_time_format, xValues.map(Number)) : xValues.map(formatLabel);
  const xTitle = (i: number) => (temporal ? formatTimeAlone(fd.x_axis_time_format, Number(xValues[i])) : tickLabels[i]);
  const showTotal = fd.show_total !== false;
  const steps: WaterfallStep[] = [];
  xValues.forEach((x, i) => {
    const rows = groups.get(x)!;
    if (!breakdown) {
      steps.push({ label: tickLabels[i], title: xTitle(i), value: sumOf(rows, metric), isTotal: false, filterValue: temporal ? undefined : x });
      return;
    }
    for (const r of rows) steps.push({ label: formatLabel(r[breakdown]), title: `${xTitle(i)}, ${formatLabel(r[breakdown])}`, value: toNumberOrNull(r[metric]) ?? 0, isTotal: false, filterValue: r[breakdown] });
    if (showTotal) steps.push({ label: tickLabels[i], title: xTitle(i), value: 0, isTotal: true });
  });
  if (!breakdown && showTotal && steps.length) steps.push({ label: names.total, title: names.total, value: 0, isTotal: true });
  const bars = layoutSteps(steps, names, (v) => fmt.format(v), fd.show_value === true);
  const total = bars.length ? bars[bars.length - 1].end : 0;
  return {
    ...baseProps(input, `Waterfall chart of ${metric} by ${[xKey, breakdown].filter(Boolean).join(' and ')}: ${steps.filter((s) => !s.isTotal).length} steps, ending at ${fmt.format(total)}`),
    bars,
    colors: {
      increase: rgbaObjectToCss(fd.increase_color ?? WATERFALL_DEFAULT_COLORS.increase_color),
      decrease: rgbaObjectToCss(fd.decrease_color ?? WATERFALL_DEFAULT_COLORS.decrease_color),
      total: rgbaObjectToCss(fd.total_color ?? WATERFALL_DEFAULT_COLORS.total_color),
    },
    names,
    showLegend: fd.show_legend === true,
    yAxisFormat: String(fd.y_axis_format ?? 'SMART_NUMBER'),
    xAxisLabel: String(fd.x_axis_label ?? ''),
    yAxisLabel: String(fd.y_axis_label ?? ''),
    xTicksLayout: String(fd.x_ticks_layout ?? 'auto'),
    // A bar selects one value of a plain column: the breakdown's, else a categorical x (a time bucket is a range).
    crossFilterColumn: breakdown ? plainColumn(breakdownColumn) : temporal ? null : plainColumn(xColumn),
  };
}

/**
 * Bars from steps: each non-total step runs from the running total before it to the one after it, a
 * total runs from zero to the running total so far.
 *
 * @example
 * layoutSteps([{ label: 'a', title: 'a', value: 5, isTotal: false }, { label: 'b', title: 'b', value: -2, isTotal: false }], names, String, false)
 *   .map((b) => [b.kind, b.start, b.end]); // [['increase', 0, 5], ['decrease', 5, 3]]
 */
export function layoutSteps(steps: WaterfallStep[], names: Record<WaterfallKind, string>, format: (v: number) => string, showValue: boolean): WaterfallBar[] {
  let running = 0;
  return steps.map((s) => {
    if (s.isTotal) {
      const value = format(running);
      return { label: s.label, kind: 'total', start: 0, end: running, valueLabel: showValue ? value : '', tooltipTitle: s.title, tooltipLines: [{ label: names.total, value }] };
    }
    const start = running;
    running += s.value;
    const kind: WaterfallKind = s.value < 0 ? 'decrease' : 'increase';
    const value = format(s.value);
    return {
      label: s.label,
      kind,
      start,
      end: running,
      valueLabel: showValue ? value : '',
      tooltipTitle: s.title,
      tooltipLines: [{ label: names[kind], value }, { label: names.total, value: format(running) }],
      ...(s.filterValue !== undefined ? { filterValue: s.filterValue } : {}),
    };
  });
}

function legendNames(fd: Record<string, unknown>): Record<WaterfallKind, string> {
  const named = (key: string, fallback: string) => (typeof fd[key] === 'string' && fd[key] ? String(fd[key]) : fallback);
  return {
    increase: named('increase_label', WATERFALL_DEFAULT_NAMES.increase),
    decrease: named('decrease_label', WATERFALL_DEFAULT_NAMES.decrease),
    total: named('total_label', WATERFALL_DEFAULT_NAMES.total),
  };
}

/** Records by x value, in the query's (ascending) order. */
function groupByX(records: Array<Record<string, unknown>>, xKey: string): Map<unknown, Array<Record<string, unknown>>> {
  const groups = new Map<unknown, Array<Record<string, unknown>>>();
  for (const r of records) {
    const rows = groups.get(r[xKey]);
    if (rows) rows.push(r);
    else groups.set(r[xKey], [r]);
  }
  return groups;
}

function sumOf(rows: Array<Record<string, unknown>>, metric: string): number {
  return rows.reduce((s, r) => s + (toNumberOrNull(r[metric]) ?? 0), 0);
}

function plainColumn(column: QueryFormColumn | undefined): string | null {
  return typeof column === 'string' ? column : null;
}
