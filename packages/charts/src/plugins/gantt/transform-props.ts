/** Chart-data response -> Gantt rows (categories, split by series with subcategories) and event bars. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { getColnames, getRecords } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TooltipLine } from '../../shared/tooltip';
import { formatTimeAlone } from '../../shared/year-aware-time';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { GanttBar, GanttCategory, GanttProps } from './types';

/** coltypes codes (the incumbent's GenericDataType). */
const NUMERIC = 0;
const TEMPORAL = 2;

/**
 * A start or end cell as UTC ms: epoch numbers as they are, date strings without a zone read as UTC.
 *
 * @example
 * toEpochMs('2024-06-20 08:00:00'); // Date.UTC(2024, 5, 20, 8)
 */
export function toEpochMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !value.trim()) return null;
  if (/^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  const iso = value.trim().replace(' ', 'T');
  const ms = Date.parse(/Z|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * x_axis_time_bounds ('HH:mm:ss' each, either empty) applied to the days of the data's first start and
 * last end, as the incumbent bounds a day's schedule; the data's own extent where a bound is empty.
 *
 * @example
 * timeBounds(['08:00:00', '19:00:00'], Date.UTC(2024, 5, 20, 9), Date.UTC(2024, 5, 20, 17)); // [08:00, 19:00 that day]
 */
export function timeBounds(bounds: unknown, min: number, max: number): [number, number] {
  const [lo, hi] = Array.isArray(bounds) ? bounds : [];
  return [atTimeOfDay(min, lo) ?? min, atTimeOfDay(max, hi) ?? max];
}

function atTimeOfDay(day: number, time: unknown): number | null {
  const m = typeof time === 'string' ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim()) : null;
  if (!m || !Number.isFinite(day)) return null;
  const d = new Date(day);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), Number(m[1]), Number(m[2]), Number(m[3] ?? 0));
}

/**
 * @example
 * transformGanttProps({ formData: { ..., start_time: 'start_time', end_time: 'end_time', y_axis: 'status' }, queriesData, width: 800, height: 400 }).bars.length;
 */
export function transformGanttProps(input: TransformPropsInput): GanttProps {
  const fd = input.formData;
  const startKey = getColumnLabel(requireControl<QueryFormColumn>(fd, 'start_time', 'Start Time'));
  const endKey = getColumnLabel(requireControl<QueryFormColumn>(fd, 'end_time', 'End Time'));
  const yColumn = requireControl<QueryFormColumn>(fd, 'y_axis', 'Y-axis');
  const yKey = getColumnLabel(yColumn);
  const seriesColumn = (Array.isArray(fd.series) ? fd.series[0] : fd.series) as QueryFormColumn | undefined;
  const seriesKey = seriesColumn ? getColumnLabel(seriesColumn) : null;
  const tooltipKeys = [
    ...((fd.tooltip_metrics ?? []) as QueryFormMetric[]).map(getMetricLabel),
    ...((fd.tooltip_columns ?? []) as QueryFormColumn[]).map(getColumnLabel),
  ];
  const result = input.queriesData[0];
  requireResultColumns(result, [startKey, endKey, yKey, ...(seriesKey ? [seriesKey] : []), ...tooltipKeys]);
  const records = getRecords(input.queriesData);
  const subcategories = Boolean(fd.subcategories) && seriesKey !== null;
  const { rowOf, categories, rowCount } = layoutRows(records, yKey, subcategories ? seriesKey : null);
  const scale = chartColorScale(input);
  const describe = cellFormatter(result?.coltypes, getColnames(result), fd.tooltipTimeFormat, fd.tooltipValuesFormat);
  const bars: GanttBar[] = [];
  for (const r of records) {
    const start = toEpochMs(r[startKey]);
    const end = toEpochMs(r[endKey]);
    if (start === null || end === null) continue;
    const series = seriesKey ? formatLabel(r[seriesKey]) : '';
    const timeLines: TooltipLine[] = [startKey, endKey].filter((k) => !tooltipKeys.includes(k)).map((k, i) => ({ label: k, value: formatTimeAlone(fd.tooltipTimeFormat, i ? end : start) }));
    bars.push({
      row: rowOf(r),
      start,
      end,
      color: scale.getColor(seriesKey ? series : 'undefined'),
      series,
      tooltipTitle: seriesKey ? series : formatLabel(r[yKey]),
      tooltipLines: [...timeLines, ...tooltipKeys.map((k) => ({ label: k, value: describe(k, r[k]) }))],
      filterValue: seriesKey ? r[seriesKey] : r[yKey],
    });
  }
  const starts = bars.map((b) => b.start);
  const ends = bars.map((b) => b.end);
  const domain = timeBounds(fd.x_axis_time_bounds, starts.length ? Math.min(...starts) : 0, ends.length ? Math.max(...ends) : 1);
  const legend = seriesKey ? uniqueSeries(bars).sort((a, b) => a.name.localeCompare(b.name)) : [];
  return {
    ...baseProps(input, `Gantt chart of ${bars.length} events by ${yKey}${seriesKey ? ` and ${seriesKey}` : ''}: ${categories.map((c) => c.name).join(', ')}`),
    bars,
    categories,
    rowCount,
    domain,
    xAxisTimeFormat: String(fd.x_axis_time_format ?? 'smart_date'),
    legend,
    showLegend: fd.show_legend !== false && legend.length > 0,
    legendOrientation: String(fd.legendOrientation ?? 'top'),
    xAxisTitle: String(fd.x_axis_title ?? ''),
    yAxisTitle: String(fd.y_axis_title ?? ''),
    crossFilterColumn: seriesColumn !== undefined ? plainColumn(seriesColumn) : plainColumn(yColumn),
  };
}

/**
 * Rows top to bottom: each y-axis category in the order the query returned it, split into one row per
 * series value when subcategories are on (so overlapping events of different series do not cover each other).
 */
function layoutRows(records: Array<Record<string, unknown>>, yKey: string, subKey: string | null) {
  const rows = new Map<string, Map<string, number>>();
  for (const r of records) {
    const category = formatLabel(r[yKey]);
    const sub = subKey ? formatLabel(r[subKey]) : '';
    const subs = rows.get(category) ?? new Map<string, number>();
    if (!subs.has(sub)) subs.set(sub, subs.size);
    rows.set(category, subs);
  }
  const categories: GanttCategory[] = [];
  let rowCount = 0;
  for (const [name, subs] of rows) {
    categories.push({ name, firstRow: rowCount, rowCount: subs.size });
    rowCount += subs.size;
  }
  const first = new Map(categories.map((c) => [c.name, c.firstRow]));
  const rowOf = (r: Record<string, unknown>) => first.get(formatLabel(r[yKey]))! + rows.get(formatLabel(r[yKey]))!.get(subKey ? formatLabel(r[subKey]) : '')!;
  return { rowOf, categories, rowCount };
}

/** Tooltip text of a cell by its column's type: times with tooltipTimeFormat, numbers with tooltipValuesFormat. */
function cellFormatter(coltypes: number[] | undefined, colnames: string[], timeFormat: unknown, valuesFormat: unknown) {
  const numbers = getNumberFormatter(valuesFormat);
  return (key: string, value: unknown): string => {
    const type = coltypes?.[colnames.indexOf(key)];
    if (type === TEMPORAL && toEpochMs(value) !== null) return formatTimeAlone(timeFormat, toEpochMs(value)!);
    if (type === NUMERIC && typeof value === 'number') return numbers.format(value);
    return formatLabel(value);
  };
}

function uniqueSeries(bars: GanttBar[]): { name: string; color: string }[] {
  const seen = new Map<string, string>();
  for (const b of bars) if (!seen.has(b.series)) seen.set(b.series, b.color);
  return [...seen].map(([name, color]) => ({ name, color }));
}

function plainColumn(column: QueryFormColumn): string | null {
  return typeof column === 'string' ? column : null;
}
