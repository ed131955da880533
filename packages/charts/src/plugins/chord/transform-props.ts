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
 * The matrix the chord layout draws: `flows` when symmetric, else flows plus their transpose.
 *
 * @example
 * layoutMatrix([[0, 5], [0, 0]]); // [[0, 5], [5, 0]]
 */
export function layoutMatrix(flows: number[][]): number[][] {
  const symmetric = flows.every((row, i) => row.every((v, j) => v === flows[j][i]));
  return symmetric ? flows : flows.map((row, i) => row.map((v, j) => v + flows[j][i]));
}

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
  const flows = names.map(() => new Array<number>(names.length).fill(0));
  for (const [i, j, value] of pairs) flows[i][j] += value;
  const scale = chartColorScale(input);
  const fmt = getNumberFormatter(fd.y_axis_format);
  return {
    ...baseProps(input, `Chord diagram of ${metric} between ${source} and ${target}: ${names.length} groups`),
    nodes: names.map((name) => ({ name, color: scale.getColor(name) })),
    flows,
    matrix: layoutMatrix(flows),
    format: (v) => fmt.format(v),
  };
}
