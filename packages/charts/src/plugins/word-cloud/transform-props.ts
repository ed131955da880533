/** Chart-data response -> words with font sizes (linear in the metric), rotations and colours. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { getRecords, toNumberOrNull } from '../../shared/records';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { wordRotation } from './layout';
import type { WordCloudProps } from './types';
import { requireControl, requireResultColumns } from '../../shared/required-controls';

/**
 * @example
 * transformWordCloudProps({ formData: { ..., series: 'name', metric: 'count', size_from: 10, size_to: 70 }, queriesData, width, height })
 *   .words[0]; // { text: 'Euro Shopping Channel', value: 259, size: 70, color: '#1FA8C9', rotate: 0, formatted: '259' }
 */
export function transformWordCloudProps(input: TransformPropsInput): WordCloudProps {
  const fd = input.formData;
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const series = getColumnLabel((Array.isArray(fd.series) ? fd.series[0] : requireControl(fd, 'series', 'Dimension')) as QueryFormColumn);
  requireResultColumns(input.queriesData[0], [series, metric]);
  const from = Number(fd.size_from ?? 10);
  const to = Number(fd.size_to ?? 70);
  const scale = chartColorScale(input);
  const fmt = getNumberFormatter(fd.number_format);
  const rows = getRecords(input.queriesData).map((r) => ({ text: formatLabel(r[series]), value: toNumberOrNull(r[metric]) ?? 0 }));
  const lo = Math.min(...rows.map((r) => r.value));
  const hi = Math.max(...rows.map((r) => r.value));
  // A degenerate extent maps to the middle of the size range, as a linear scale does.
  const size = (v: number) => Math.round(hi === lo ? (from + to) / 2 : from + ((v - lo) / (hi - lo)) * (to - from));
  const words = rows.map((r) => ({ text: r.text, value: r.value, size: size(r.value), color: scale.getColor(r.text), rotate: wordRotation(String(fd.rotation ?? 'square'), r.text), formatted: fmt.format(r.value) }));
  return {
    ...baseProps(input, `Word cloud of ${series} by ${metric}: ${rows.slice(0, 10).map((r) => r.text).join(', ')}${rows.length > 10 ? ` and ${rows.length - 10} more` : ''}`),
    words,
  };
}
