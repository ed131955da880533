/** Chart-data response -> bullet props: the measure, its ranges and markers on one scale. */
import { getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { getRecords, getRowcount, toNumberOrNull } from '../../shared/records';
import { requireControl } from '../../shared/required-controls';
import { rowGate } from '../../shared/row-threshold';
import { DEFAULT_CHART_THEME, type TransformPropsInput } from '../../types';
import { numberList, splitList } from './parse-list';
import type { BulletMark, BulletProps } from './types';

/** Values paired with their labels (a missing label is the formatted value), largest first. */
function marks(values: number[], labels: string[], fallback: string, format: (v: number) => string): BulletMark[] {
  return values
    .map((value, i) => ({ value, formatted: format(value), label: labels[i] || fallback }))
    .sort((a, b) => b.value - a.value);
}

/**
 * @example
 * transformBulletProps({ formData: { metric: 'count', ranges: '0,50,100' }, queriesData: [{ data: [{ count: 70 }] }], ... }).domain; // [0, 100]
 */
export function transformBulletProps(input: TransformPropsInput): BulletProps {
  const fd = input.formData;
  const metricLabel = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const formatter = getNumberFormatter(fd.y_axis_format);
  const format = (v: number) => formatter.format(v);
  const values = getRecords(input.queriesData).map((r) => toNumberOrNull(r[metricLabel])).filter((v): v is number => v !== null);
  const measures = marks(values, [], metricLabel, format);
  const ranges = marks(numberList(fd.ranges, 'Ranges'), splitList(fd.range_labels), 'Range', format);
  const markers = marks(numberList(fd.markers, 'Markers'), splitList(fd.marker_labels), 'Marker', format);
  const markerLines = marks(numberList(fd.marker_lines, 'Marker lines'), splitList(fd.marker_line_labels), 'Marker line', format);
  const all = [0, ...values, ...ranges.map((m) => m.value), ...markers.map((m) => m.value), ...markerLines.map((m) => m.value)];
  const domain: [number, number] = [Math.min(...all), Math.max(...all)];
  return {
    width: input.width,
    height: input.height,
    theme: input.theme ?? DEFAULT_CHART_THEME,
    gate: rowGate(getRowcount(input.queriesData), input.confirmedLargeRender),
    ariaLabel: `Bullet chart of ${metricLabel}: ${measures.map((m) => m.formatted).join(', ')}`,
    metricLabel,
    measures,
    ranges,
    markers,
    markerLines,
    domain,
    measureColor: chartColorScale(input).getColor(metricLabel),
    formatTick: format,
  };
}
