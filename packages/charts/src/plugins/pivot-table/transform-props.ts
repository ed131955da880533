/**
 * Aggregated records -> the pivot table layout: records are unpivoted to one value per metric, the
 * metric becomes a row or column level (metricsLayout, combineMetric), rows and columns may be
 * transposed, then cells, subtotals and totals are aggregated with aggregateFunction.
 */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { getNumberFormatter, getTimeFormatter } from '../../shared/format';
import { getColnames, getRecords } from '../../shared/records';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { getAggregateFunction } from './aggregators';
import { pivotLayout } from './layout';
import { buildPivot } from './pivot-data';
import type { PivotTableProps } from './types';
import { requireControl, requireResultColumns } from '../../shared/required-controls';

/** Name of the metric level in headers (the incumbent's METRIC_KEY). */
export const METRIC_KEY = 'Metric';
/** Body rows put in the DOM at most; larger pivots show the first ones and a warning. */
export const PIVOT_MAX_RENDERED_ROWS = 1000;

const VALUE = '\u0000value';
const asArray = <T>(v: T | T[] | null | undefined): T[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * @example
 * transformPivotTableProps({ formData: { ..., groupbyRows: ['country'], groupbyColumns: ['product_line'], metrics: ['count'], colTotals: true },
 *   queriesData, width: 800, height: 400 }).body.at(-1)?.kind; // 'total'
 */
export function transformPivotTableProps(input: TransformPropsInput): PivotTableProps {
  const fd = input.formData;
  const metrics = asArray(requireControl<QueryFormMetric[]>(fd, 'metrics', 'Metrics')).map(getMetricLabel);
  const groupRows = asArray(fd.groupbyRows as QueryFormColumn[]).map(getColumnLabel);
  const groupCols = asArray(fd.groupbyColumns as QueryFormColumn[]).map(getColumnLabel);
  let [rowAttrs, colAttrs] = fd.transposePivot ? [groupCols, groupRows] : [groupRows, groupCols];
  if (fd.metricsLayout === 'ROWS') rowAttrs = fd.combineMetric ? [...rowAttrs, METRIC_KEY] : [METRIC_KEY, ...rowAttrs];
  else colAttrs = fd.combineMetric ? [...colAttrs, METRIC_KEY] : [METRIC_KEY, ...colAttrs];

  const result = input.queriesData[0];
  requireResultColumns(result, [...groupRows, ...groupCols, ...metrics]);
  const names = getColnames(result);
  const timeFmt = getTimeFormatter(fd.date_format);
  // Temporal dimensions (coltype 2) are labelled with date_format, everything else as a label.
  const temporal = new Set(names.filter((_, i) => result?.coltypes?.[i] === 2));
  const label = (col: string, v: unknown) => (temporal.has(col) && typeof v === 'number' ? timeFmt.format(v) : formatLabel(v));
  const dims = [...new Set([...groupRows, ...groupCols])];
  const flat: Array<Record<string, unknown>> = [];
  for (const r of getRecords(input.queriesData)) {
    const base: Record<string, unknown> = {};
    for (const d of dims) base[d] = label(d, r[d]);
    for (const m of metrics) flat.push({ ...base, [METRIC_KEY]: m, [VALUE]: r[m] });
  }
  const aggregateName = typeof fd.aggregateFunction === 'string' ? fd.aggregateFunction : 'Sum';
  const pivot = buildPivot(flat, VALUE, {
    rowAttrs,
    colAttrs,
    aggregateFunction: aggregateName,
    rowOrder: String(fd.rowOrder ?? 'key_a_to_z'),
    colOrder: String(fd.colOrder ?? 'key_a_to_z'),
    attrOrder: { [METRIC_KEY]: metrics },
  });
  // Fractions read as percentages; other aggregates use the chosen value format.
  const fmt = getNumberFormatter(getAggregateFunction(aggregateName).fractionOf ? '.1%' : fd.valueFormat);
  const { headerRows, body } = pivotLayout(pivot, {
    rowAttrs,
    colAttrs,
    rowSubTotals: Boolean(fd.rowSubTotals),
    colSubTotals: Boolean(fd.colSubTotals),
    rowTotals: Boolean(fd.rowTotals),
    colTotals: Boolean(fd.colTotals),
    totalLabel: `Total (${aggregateName})`,
    format: (v) => (v === null ? '' : typeof v === 'number' ? fmt.format(v) : v),
  });
  const dataRows = body.filter((r) => r.kind === 'data').length;
  return {
    ...baseProps(input, `Pivot table of ${metrics.join(', ')} (${aggregateName}) by ${rowAttrs.join(', ') || 'total'} and ${colAttrs.join(', ') || 'total'}: ${dataRows} rows`),
    headerRows,
    body,
    maxRenderedRows: PIVOT_MAX_RENDERED_ROWS,
  };
}
