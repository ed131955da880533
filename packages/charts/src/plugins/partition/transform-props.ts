/** Chart-data response -> one icicle per metric (nested, pruned and positioned in fractions of a panel). */
import { formatLabel, getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getTimeFormatter } from '../../shared/format';
import { getRecords } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { columnLabels, hierarchyColumns, valueFormatter } from '../hierarchy-common/tree';
import { layoutIcicle } from './icicle';
import { nestPartition } from './nest';
import type { PartitionProps } from './types';

const int = (v: unknown, fallback: number) => {
  const n = v === undefined || v === null || v === '' ? fallback : Number(v);
  return Number.isFinite(n) ? n : fallback;
};

/**
 * @example
 * transformPartitionProps({ formData: { ..., groupby: ['region', 'country'], metrics: ['sum__revenue'] }, queriesData, width, height })
 *   .panels[0].nodes[0].name; // 'sum__revenue'
 */
export function transformPartitionProps(input: TransformPropsInput): PartitionProps {
  const fd = input.formData;
  const columns = hierarchyColumns(fd, 'groupby');
  const raw = requireControl<QueryFormMetric | QueryFormMetric[]>(fd, 'metrics', 'Metrics');
  requireControl({ groupby: columns }, 'groupby', 'Dimensions');
  const levels = columnLabels(columns);
  const metrics = (Array.isArray(raw) ? raw : [raw]).map(getMetricLabel);
  const option = String(fd.time_series_option ?? 'not_time');
  const hasTime = option === 'time_series' || option === 'adv_anal';
  const fmt = valueFormatter(fd.number_format);
  const timeFmt = getTimeFormatter(fd.date_time_format);
  const scale = chartColorScale(input);
  requireResultColumns(input.queriesData[0], [...levels, ...metrics, ...(hasTime ? ['__timestamp'] : [])]);
  const trees = nestPartition(getRecords(input.queriesData), {
    groupby: levels,
    metrics,
    timeSeriesOption: option,
    rollingType: typeof fd.rolling_type === 'string' ? fd.rolling_type : undefined,
    rollingPeriods: int(fd.rolling_periods, 0),
    minPeriods: int(fd.min_periods, 0),
    contribution: Boolean(fd.contribution),
  });
  const panels = trees.map((tree) => ({
    metric: String(tree.name),
    nodes: layoutIcicle(tree, {
      formatNumber: (v) => fmt.format(v),
      formatTime: (v) => (typeof v === 'number' ? timeFmt.format(v) : formatLabel(v)),
      formatName: formatLabel,
      colorOf: (name) => scale.getColor(name),
      levels,
      hasTime,
      equalDateSize: fd.equal_date_size !== false,
      logScale: Boolean(fd.log_scale),
      partitionLimit: int(fd.partition_limit, 5),
      partitionThreshold: int(fd.partition_threshold, 0.05),
      richTooltip: fd.rich_tooltip !== false,
    }),
  }));
  const summary = panels.map((p) => `${p.metric}: ${p.nodes.filter((n) => n.depth === 1).slice(0, 8).map((n) => `${n.name} ${n.disp}`.trim()).join(', ')}`).join('; ');
  return { ...baseProps(input, `Partition chart of ${metrics.join(', ')} by ${levels.join(', ')}. ${summary}`), panels };
}
