/** Chart-data response -> parallel coordinates: an axis per metric (and the series), a line per row. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { relativeLuminance } from '../../colors/readable-text';

/** Surfaces darker than this relative luminance count as dark (chart-color-scale.ts draws the same line). */
const DARK_SURFACE = 0.2;
import { sequentialColor } from '../../colors/sequential-schemes';
import { getNumberFormatter } from '../../shared/format';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { ParaAxis, ParaLine, ParaProps } from './types';

/** The smallest and largest finite value of a list (a loop: a spread would overflow on many rows). */
function extent(values: Array<number | null>): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v === null) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : null;
}

/**
 * Where `value` sits on a numeric axis, 0 at its minimum and 1 at its maximum (0.5 on an axis of one value).
 *
 * @example
 * axisPosition(5, { kind: 'number', name: 'm', min: 0, max: 10 }); // 0.5
 */
export function axisPosition(value: number | null, axis: Extract<ParaAxis, { kind: 'number' }>): number | null {
  if (value === null) return null;
  return axis.max === axis.min ? 0.5 : (value - axis.min) / (axis.max - axis.min);
}

/**
 * @example
 * transformParaProps({ formData: { ..., series: 'country', metrics: ['count', 'sum__revenue'] }, queriesData, width: 600, height: 400 }).axes.length; // 2
 */
export function transformParaProps(input: TransformPropsInput): ParaProps {
  const fd = input.formData;
  const series = getColumnLabel(requireControl<QueryFormColumn>(fd, 'series', 'Series'));
  const metrics = requireControl<QueryFormMetric[]>(fd, 'metrics', 'Metrics').map(getMetricLabel);
  const secondary = fd.secondary_metric ? getMetricLabel(fd.secondary_metric as QueryFormMetric) : null;
  requireResultColumns(input.queriesData[0], [series, ...metrics, ...(secondary ? [secondary] : [])]);
  const records = getRecords(input.queriesData);
  const names = records.map((r) => formatLabel(r[series]));
  const values = metrics.map((m) => records.map((r) => toNumberOrNull(r[m])));
  const metricAxes = metrics.map((name, j): Extract<ParaAxis, { kind: 'number' }> => {
    const [min, max] = extent(values[j]) ?? [0, 1];
    return { kind: 'number', name, min, max };
  });
  const includeSeries = fd.include_series === true;
  const categories = [...new Set(names)];
  const axes: ParaAxis[] = includeSeries ? [{ kind: 'category', name: series, categories }, ...metricAxes] : metricAxes;
  const fmt = getNumberFormatter(undefined);
  const color = lineColors(input, records, names, secondary);
  const colorValues = secondary ? records.map((r) => toNumberOrNull(r[secondary])) : [];
  const tableCells = records.map((_, i) => values.map((column) => (column[i] === null ? 'N/A' : fmt.format(column[i]!))));
  const lines: ParaLine[] = records.map((_, i) => {
    const metricPositions = metricAxes.map((axis, j) => axisPosition(values[j][i], axis));
    const seriesPosition = categories.length > 1 ? 1 - categories.indexOf(names[i]) / (categories.length - 1) : 0.5;
    return {
      name: names[i],
      color: color(i),
      positions: includeSeries ? [seriesPosition, ...metricPositions] : metricPositions,
      formatted: includeSeries ? [names[i], ...tableCells[i]] : tableCells[i],
      colorValue: secondary ? (colorValues[i] === null ? 'N/A' : fmt.format(colorValues[i]!)) : '',
    };
  });
  return {
    ...baseProps(input, `Parallel coordinates of ${metrics.join(', ')} for ${lines.length} values of ${series}${secondary ? `, coloured by ${secondary}` : ''}`),
    axes,
    lines,
    seriesName: series,
    colorMetric: secondary,
    metrics,
    showDatatable: fd.show_datatable === true,
    tableCells,
  };
}

/**
 * A line's colour: the linear colour scheme over the secondary metric's range when there is one (the
 * incumbent's), else the categorical scheme's colour of the line's series value.
 */
function lineColors(input: TransformPropsInput, records: Array<Record<string, unknown>>, names: string[], secondary: string | null): (i: number) => string {
  if (!secondary) {
    const scale = chartColorScale(input);
    return (i) => scale.getColor(names[i]);
  }
  const scheme = String(input.formData.linear_color_scheme ?? 'superset_seq_1');
  const shades = records.map((r) => toNumberOrNull(r[secondary]));
  const [lo, hi] = extent(shades) ?? [0, 1];
  // The light ends of the linear schemes vanish on a white card and the dark ends on a dark one: on a surface
  // the host names, the shades come from the part of the scheme that stands out on it (lifting each shade to
  // a contrast instead would make the faint ones all alike and hide the order the colour shows).
  const luminance = input.surface ? relativeLuminance(input.surface) : null;
  const [from, to] = luminance === null ? [0, 1] : luminance < DARK_SURFACE ? [0, 0.7] : [0.4, 1];
  return (i) => sequentialColor(scheme, from + (to - from) * (shades[i] === null ? 0 : hi === lo ? 1 : (shades[i]! - lo) / (hi - lo)));
}
