/** Chart-data response (the metric over time) -> one line per period, laid over the latest period. */
import { getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale, onSurface } from '../../colors/chart-color-scale';
import { channels } from '../../colors/readable-text';
import { getNumberFormatter } from '../../shared/format';
import { TIME_COLUMN } from '../../shared/post-processing';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import { formatTimeAlone } from '../../shared/year-aware-time';
import type { TransformPropsInput } from '../../types';
import { niceDomain } from '../svg-common/scales';
import { baseProps } from '../svg-common/svg';
import { periodStart } from './freq';
import { pivotByPeriod, type PeriodSeries } from './pivot';
import { LINE_INTERPOLATIONS, type LineInterpolation, type TimePivotProps, type TimePivotSeries } from './types';

/**
 * The colour of a period's line. With color_picker: that colour, the current period opaque and older ones
 * at half their recency (the incumbent's rgba(r, g, b, perc / 2)); without: the scheme's colour of its name.
 *
 * @example
 * periodColor({ rank: 2, perc: 0.5 }, '#007a87'); // 'rgba(0, 122, 135, 0.25)'
 */
export function periodColor(period: Pick<PeriodSeries, 'rank' | 'perc'>, base: string): string {
  const alpha = period.rank > 0 ? period.perc * 0.5 : 1;
  const rgb = channels(base);
  return rgb ? `rgba(${rgb.map(Math.round).join(', ')}, ${Number(alpha.toFixed(4))})` : base;
}

/** color_picker {r, g, b} as '#rrggbb'; null when cleared or malformed. */
function pickedColor(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const { r, g, b } = value as Record<string, unknown>;
  if (![r, g, b].every((c) => typeof c === 'number' && c >= 0 && c <= 255)) return null;
  return `#${[r, g, b].map((c) => Math.round(c as number).toString(16).padStart(2, '0')).join('')}`;
}

/** A margin control: a number of px, or null for 'auto' (and anything unreadable). */
const marginOf = (value: unknown) => (Number.isFinite(Number.parseInt(String(value), 10)) ? Number.parseInt(String(value), 10) : null);

/**
 * @example
 * transformTimePivotProps({ formData: { ..., metric: 'count', freq: 'W-MON' }, queriesData, width: 600, height: 300 }).series[0].name; // 'current'
 */
export function transformTimePivotProps(input: TransformPropsInput): TimePivotProps {
  const fd = input.formData;
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const periodOf = periodStart(fd.freq ?? 'W-MON');
  const interpolation = String(fd.line_interpolation ?? 'linear') as LineInterpolation;
  if (!LINE_INTERPOLATIONS.includes(interpolation)) throw new Error(`Line style is not valid: ${interpolation}`);
  requireResultColumns(input.queriesData[0], [TIME_COLUMN, metric]);
  const records = getRecords(input.queriesData)
    .map((r) => ({ t: Number(r[TIME_COLUMN]), y: toNumberOrNull(r[metric]) }))
    .filter((r) => Number.isFinite(r.t))
    .sort((a, b) => a.t - b.t);
  const minPeriods = Number.parseInt(String(fd.min_periods ?? 0), 10) || 0;
  const periods = pivotByPeriod(records.map((r) => r.t), records.map((r) => r.y), periodOf, minPeriods);
  const fmt = getNumberFormatter(fd.y_axis_format);
  const picked = pickedColor(fd.color_picker);
  const scale = chartColorScale(input);
  // The picked colour is lifted on a dark surface as the scheme's colours are (onSurface), then faded per period.
  const base = picked ? onSurface({ source: scale.source, colors: [picked], getColor: () => picked, domain: () => [] }, input.surface).getColor(picked) : null;
  const series: TimePivotSeries[] = periods.map((p) => ({
    name: p.key,
    periodLabel: formatTimeAlone('smart_date', p.start),
    color: base ? periodColor(p, base) : scale.getColor(p.key),
    points: p.points,
    formatted: p.points.map((pt) => (pt.y === null ? 'N/A' : fmt.format(pt.y))),
  }));
  const steps = [...new Set(periods.flatMap((p) => p.points.map((pt) => pt.x)))].sort((a, b) => a - b);
  return {
    ...baseProps(input, `Line chart of ${metric} per period (${String(fd.freq ?? 'W-MON')}), ${series.length} periods overlaid on the latest, from ${series.at(-1)?.periodLabel ?? ''} to ${series[0]?.periodLabel ?? ''}`),
    metric,
    series,
    steps,
    interpolation,
    showLegend: fd.show_legend !== false,
    yDomain: yDomain(periods, fd.y_axis_bounds, fd.y_log_scale === true),
    logScale: fd.y_log_scale === true,
    xFormat: String(fd.x_axis_format ?? 'smart_date'),
    yFormat: String(fd.y_axis_format ?? 'SMART_NUMBER'),
    xLabel: String(fd.x_axis_label ?? ''),
    yLabel: String(fd.y_axis_label ?? ''),
    leftMargin: marginOf(fd.left_margin),
    bottomMargin: marginOf(fd.bottom_margin),
    xShowMinMax: fd.x_axis_showminmax === true,
    yShowMinMax: fd.y_axis_showminmax === true,
  };
}

/** The y range: the data's, made nice, with either end replaced by a configured bound. */
function yDomain(periods: PeriodSeries[], bounds: unknown, log: boolean): [number, number] {
  const ys = periods.flatMap((p) => p.points.map((pt) => pt.y)).filter((y): y is number => y !== null && (!log || y > 0));
  // A loop, not Math.min(...ys): a long series would overflow the argument list.
  let lo = ys.length ? Infinity : 0;
  let hi = ys.length ? -Infinity : 1;
  for (const y of ys) {
    if (y < lo) lo = y;
    if (y > hi) hi = y;
  }
  // Fitted to the data, not from zero: NVD3's line chart does so, and periods differ by little.
  const nice = log ? [lo, hi] : niceDomain(lo, hi);
  const [bMin, bMax] = Array.isArray(bounds) ? bounds.map((b) => (b === null || b === '' || b === undefined ? null : Number(b))) : [null, null];
  return [Number.isFinite(bMin) && bMin !== null ? bMin : nice[0], Number.isFinite(bMax) && bMax !== null ? bMax : nice[1]];
}
