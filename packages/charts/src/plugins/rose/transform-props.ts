/** Chart-data response (a flattened time series) -> a wedge per time step with a segment per series. */
import { getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { TIME_COLUMN } from '../../shared/post-processing';
import { getColnames, getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import { formatTimeAlone } from '../../shared/year-aware-time';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { RoseProps } from './types';

/**
 * The name of a flattened column as the incumbent names the rose's series: the group values alone with
 * one metric, 'metric, group' with several (the legacy NVD3 series keys).
 *
 * @example
 * seriesName('SUM(num), boy', ['SUM(num)'], true); // 'boy'
 */
export function seriesName(column: string, metrics: string[], grouped: boolean): string {
  const metric = metrics.length === 1 ? metrics[0] : undefined;
  return grouped && metric && column.startsWith(`${metric}, `) ? column.slice(metric.length + 2) : column;
}

/**
 * @example
 * transformRoseProps({ formData: { ..., granularity_sqla: 'ds', metrics: ['count'], groupby: ['gender'] }, queriesData, width: 400, height: 400 }).series;
 */
export function transformRoseProps(input: TransformPropsInput): RoseProps {
  const fd = input.formData;
  const metricList = requireControl<QueryFormMetric[]>(fd, 'metrics', 'Metrics');
  const metrics = (Array.isArray(metricList) ? metricList : [metricList]).map(getMetricLabel);
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  const result = input.queriesData[0];
  requireResultColumns(result, [TIME_COLUMN]);
  const columns = getColnames(result).filter((c) => c !== TIME_COLUMN);
  if (result?.rowcount && !columns.some((c) => metrics.some((m) => c === m || c.startsWith(`${m}, `) || c.startsWith(`${m}__`)))) {
    throw new Error(`Column "${metrics[0]}" is not in the query result`);
  }
  const records = getRecords(input.queriesData).filter((r) => Number.isFinite(Number(r[TIME_COLUMN])));
  records.sort((a, b) => Number(a[TIME_COLUMN]) - Number(b[TIME_COLUMN]));
  const series = columns.map((c) => seriesName(c, metrics, groupby.length > 0));
  const scale = chartColorScale(input);
  const times = records.map((r) => Number(r[TIME_COLUMN]));
  const fmt = getNumberFormatter(fd.number_format);
  const dateFormat = fd.date_time_format ?? 'smart_date';
  return {
    ...baseProps(input, `Nightingale rose of ${metrics.join(', ')}${groupby.length ? ` by ${groupby.join(', ')}` : ''} over ${times.length} time steps: ${series.join(', ')}`),
    series,
    colors: series.map((s) => scale.getColor(s)),
    times,
    timeLabels: times.map((t) => formatTimeAlone(dateFormat, t)),
    // The incumbent counts a missing value (NaN) as 0.
    values: records.map((r) => columns.map((c) => toNumberOrNull(r[c]) ?? 0)),
    formatValue: fmt.format,
    areaProportion: fd.rose_area_proportion === true,
    richTooltip: fd.rich_tooltip !== false,
  };
}
