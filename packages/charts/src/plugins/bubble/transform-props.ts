/** Records of (entity, series, x, y, size) -> positioned, sized and coloured bubbles. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { getRecords, toNumberOrNull } from '../../shared/records';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { BubbleProps } from './types';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import { BUBBLE_METRICS } from './build-query';

/** The incumbent's smallest bubble diameter. */
export const MINIMUM_BUBBLE_SIZE = 5;

/**
 * @example
 * transformBubbleProps({ formData: { ..., entity: 'deal_size', x: 'a', y: 'b', size: 'count', max_bubble_size: '25' }, queriesData, width, height })
 *   .bubbles[0].diameter; // 55 for the largest size (25 * 2 + 5)
 */
export function transformBubbleProps(input: TransformPropsInput): BubbleProps {
  const fd = input.formData;
  const entity = getColumnLabel(requireControl<QueryFormColumn>(fd, 'entity', 'Entity'));
  const seriesKey = fd.series ? getColumnLabel(fd.series as QueryFormColumn) : undefined;
  const [xKey, yKey, sizeKey] = BUBBLE_METRICS.map(([name, label]) => getMetricLabel(requireControl<QueryFormMetric>(fd, name, label)));
  requireResultColumns(input.queriesData[0], [entity, ...(seriesKey ? [seriesKey] : []), xKey, yKey, sizeKey]);
  const maxBubble = Number(fd.max_bubble_size ?? 25) || 25;
  const scale = chartColorScale(input);
  const xFmt = getNumberFormatter(fd.xAxisFormat);
  const yFmt = getNumberFormatter(fd.y_axis_format);
  const sFmt = getNumberFormatter(fd.tooltipSizeFormat);
  const rows = getRecords(input.queriesData).map((r) => ({
    entity: formatLabel(r[entity]),
    series: formatLabel(seriesKey ? r[seriesKey] : r[entity]),
    x: toNumberOrNull(r[xKey]) ?? 0,
    y: toNumberOrNull(r[yKey]) ?? 0,
    size: toNumberOrNull(r[sizeKey]) ?? 0,
  }));
  const sizes = rows.map((r) => r.size);
  const lo = Math.min(...sizes);
  const spread = Math.max(...sizes) - lo;
  const bubbles = rows.map((r) => ({
    ...r,
    // (size - min) / spread * 2 * max + 5; a zero spread gives every bubble the minimum, as 0/0 || 0 does there.
    diameter: (spread ? ((r.size - lo) / spread) * maxBubble * 2 : 0) + MINIMUM_BUBBLE_SIZE,
    color: scale.getColor(r.series),
    tooltip: `${r.entity}${seriesKey ? ` (${r.series})` : ''}\n${xKey}: ${xFmt.format(r.x)}\n${yKey}: ${yFmt.format(r.y)}\n${sizeKey}: ${sFmt.format(r.size)}`,
  }));
  const legend = [...new Map(bubbles.map((b) => [b.series, b.color])).entries()].map(([name, color]) => ({ name, color }));
  return {
    ...baseProps(input, `Bubble chart of ${xKey} against ${yKey}, sized by ${sizeKey}: ${bubbles.length} ${entity} bubbles`),
    bubbles,
    legend,
    showLegend: fd.show_legend !== false,
    logX: Boolean(fd.logXAxis),
    logY: Boolean(fd.logYAxis),
    opacity: Number(fd.opacity ?? 0.6),
    xFormat: String(fd.xAxisFormat ?? 'SMART_NUMBER'),
    yFormat: String(fd.y_axis_format ?? 'SMART_NUMBER'),
    xAxisLabel: String(fd.x_axis_label ?? ''),
    yAxisLabel: String(fd.y_axis_label ?? ''),
  };
}
