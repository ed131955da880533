/** Server boxplot frame (`<metric>__min|q1|median|q3|max|mean|count|outliers` per group) -> boxes. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { getRecords, toNumberOrNull } from '../../shared/records';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { BoxPlotProps, BoxStats } from './types';
import { requireControl, requireResultColumns } from '../../shared/required-controls';

const n = (v: unknown) => toNumberOrNull(v) ?? Number.NaN;

/**
 * @example
 * transformBoxPlotProps({ formData: { ..., groupby: ['product_line'], metrics: ['count'] }, queriesData, width, height }).boxes[0].median;
 */
export function transformBoxPlotProps(input: TransformPropsInput): BoxPlotProps {
  const fd = input.formData;
  const metrics = requireControl<QueryFormMetric[]>(fd, 'metrics', 'Metrics').map(getMetricLabel);
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  // The boxplot operation answers one row per group with <metric>__<statistic> columns.
  requireResultColumns(input.queriesData[0], [...groupby, ...metrics.map((m) => `${m}__median`)]);
  const scale = chartColorScale(input);
  const records = getRecords(input.queriesData);
  const boxes: BoxStats[] = records.flatMap((r) => {
    const group = groupby.map((g) => formatLabel(r[g])).join(', ');
    return metrics.map((m) => {
      // One metric: boxes are named by group; several: by group and metric, as the incumbent does.
      const name = metrics.length === 1 ? group || m : [group, m].filter(Boolean).join(', ');
      const outliers = r[`${m}__outliers`];
      return {
        name,
        color: scale.getColor(name),
        min: n(r[`${m}__min`]),
        q1: n(r[`${m}__q1`]),
        median: n(r[`${m}__median`]),
        q3: n(r[`${m}__q3`]),
        max: n(r[`${m}__max`]),
        mean: n(r[`${m}__mean`]),
        count: n(r[`${m}__count`]),
        outliers: Array.isArray(outliers) ? outliers.map(n).filter(Number.isFinite) : [],
      };
    });
  });
  const fmt = getNumberFormatter(fd.number_format);
  const crossFilterable = groupby.length === 1 && metrics.length === 1;
  return {
    ...baseProps(input, `Box plot of ${metrics.join(', ')}${groupby.length ? ` by ${groupby.join(', ')}` : ''}: ${boxes.map((b) => `${b.name} median ${fmt.format(b.median)}`).join(', ')}`),
    boxes,
    numberFormat: String(fd.number_format ?? 'SMART_NUMBER'),
    xAxisTitle: String(fd.x_axis_title ?? ''),
    yAxisTitle: String(fd.y_axis_title ?? ''),
    // One box per group only with one metric; with several, a box is a (group, metric) pair.
    crossFilterColumn: crossFilterable ? groupby[0] : null,
    boxValues: crossFilterable ? records.map((r) => r[groupby[0]]) : [],
  };
}
