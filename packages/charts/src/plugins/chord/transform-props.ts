/** Chart-data response -> chord nodes (one per distinct value) and the flow matrix between them. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { firstColumn } from './build-query';
import type { ChordProps } from './types';

/**
 * @example
 * transformChordProps({ formData: { groupby: 'channel_1', columns: 'channel_2', metric: 'SUM(cnt)', ... }, queriesData, width: 600, height: 600 }).matrix;
 */
export function transformChordProps(input: TransformPropsInput): ChordProps {
  const fd = input.formData;
  const source = getColumnLabel(firstColumn(requireControl(fd, 'groupby', 'Source'))!);
  const target = getColumnLabel(firstColumn(requireControl(fd, 'columns', 'Target'))!);
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  requireResultColumns(input.queriesData[0], [source, target, metric]);
  const records = getRecords(input.queriesData);
  const index = new Map<string, number>();
  const names: string[] = [];
  const nodeOf = (value: unknown) => {
    const name = formatLabel(value);
    let i = index.get(name);
    if (i === undefined) {
      i = names.push(name) - 1;
      index.set(name, i);
    }
    return i;
  };
  const pairs = records.map((r) => [nodeOf(r[source]), nodeOf(r[target]), Math.max(0, toNumberOrNull(r[metric]) ?? 0)] as const);
  const matrix = names.map(() => new Array<number>(names.length).fill(0));
  for (const [i, j, value] of pairs) matrix[i][j] += value;
  const scale = chartColorScale(input);
  const fmt = getNumberFormatter(fd.y_axis_format);
  return {
    ...baseProps(input, `Chord diagram of ${metric} between ${source} and ${target}: ${names.length} groups`),
    nodes: names.map((name) => ({ name, color: scale.getColor(name) })),
    matrix,
    format: (v) => fmt.format(v),
  };
}
