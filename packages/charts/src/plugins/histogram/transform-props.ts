/** Server histogram frame (groups x bin columns) -> one bar series per group over the bins. */
import { formatLabel, getColumnLabel, type QueryFormColumn } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { getColnames, getRecords, toNumberOrNull } from '../../shared/records';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { HistogramProps } from './types';
import { requireControl, requireResultColumns } from '../../shared/required-controls';

/**
 * A server bin label '<lo> - <hi>' re-formatted with the x-axis format.
 *
 * @example
 * formatBinLabel('10.0 - 20.5', getNumberFormatter('SMART_NUMBER')); // '10 - 20.5'
 */
export function formatBinLabel(label: string, fmt: { format(v: number): string }): string {
  const parts = label.split(' - ').map(Number.parseFloat);
  return parts.length === 2 && parts.every(Number.isFinite) ? `${fmt.format(parts[0])} - ${fmt.format(parts[1])}` : label;
}

/**
 * @example
 * transformHistogramProps({ formData: { ..., column: 'qty', groupby: ['deal_size'] }, queriesData, width: 600, height: 400 }).series[0].name; // 'Small'
 */
export function transformHistogramProps(input: TransformPropsInput): HistogramProps {
  const fd = input.formData;
  const column = getColumnLabel(requireControl<QueryFormColumn>(fd, 'column', 'Column'));
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  // The histogram operation answers the groupby columns and one column per bin.
  requireResultColumns(input.queriesData[0], groupby);
  const records = getRecords(input.queriesData);
  // colnames keep the server's bin order; object keys would too, but only by insertion accident.
  const binKeys = getColnames(input.queriesData[0]).filter((c) => !groupby.includes(c));
  const xFmt = getNumberFormatter(fd.x_axis_format);
  const scale = chartColorScale(input);
  const series = records.map((r) => {
    const name = groupby.length ? groupby.map((g) => formatLabel(r[g])).join(', ') : column;
    return { name, color: scale.getColor(name), values: binKeys.map((k) => toNumberOrNull(r[k]) ?? 0) };
  });
  const bins = binKeys.map((k) => formatBinLabel(k, xFmt));
  return {
    ...baseProps(input, `Histogram of ${column}${groupby.length ? ` by ${groupby.join(', ')}` : ''}: ${bins.length} bins, ${series.length} series`),
    bins,
    series,
    showValue: Boolean(fd.show_value),
    showLegend: fd.show_legend !== false,
    xAxisTitle: String(fd.x_axis_title ?? ''),
    yAxisTitle: String(fd.y_axis_title ?? ''),
    // Shares read better as percentages; counts use the chosen format.
    yFormat: fd.normalize ? '.1%' : String(fd.y_axis_format ?? 'SMART_NUMBER'),
  };
}
