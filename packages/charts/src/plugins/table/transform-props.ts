/** Chart-data response -> table props: typed columns with formats, totals, pagination and gate. */
import { DEFAULT_TABLE_PAGE_SIZE, VIRTUAL_ROW_HEIGHTS, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { getColnames, getRecords, getRowcount } from '../../shared/records';
import { requireResultColumns } from '../../shared/required-controls';
import { rowGate } from '../../shared/row-threshold';
import { DEFAULT_CHART_THEME, type TransformPropsInput } from '../../types';
import { columnExtents } from './cell-bars';
import { currencyPlacement } from '../../shared/currency-format';
import { numberFormatOf, timeFormatOf } from './column-formats';
import { requireTableFields } from './required-fields';
import type { TableColumn, TableFormData, TableProps } from './types';

/** The query's time grain: a dashboard's time-grain filter wins over the saved one. */
function timeGrain(fd: TableFormData): string | undefined {
  const grain = fd.extra_form_data?.time_grain_sqla ?? fd.time_grain_sqla;
  return typeof grain === 'string' ? grain : undefined;
}

const KINDS: Record<number, TableColumn['kind']> = { 0: 'numeric', 1: 'string', 2: 'temporal', 3: 'boolean' };

/**
 * Builds table props.
 *
 * @example
 * transformTableProps({ formData, queriesData: [result], width: 800, height: 400 }).columns.map((c) => c.key);
 */
export function transformTableProps(input: TransformPropsInput): TableProps {
  const fd = input.formData as TableFormData;
  requireTableFields(fd);
  const result = input.queriesData[0];
  const data = getRecords(input.queriesData);
  const metrics = new Set(((fd.metrics ?? []) as QueryFormMetric[]).map(getMetricLabel));
  const percent = new Set(((fd.percent_metrics ?? []) as QueryFormMetric[]).map((m) => `%${getMetricLabel(m)}`));
  const raw = fd.query_mode === 'raw';
  const config = fd.column_config ?? {};
  const columns: TableColumn[] = getColnames(result).map((key, i) => {
    const type = result?.coltypes?.[i];
    const sample = data.find((r) => r[key] !== null && r[key] !== undefined)?.[key];
    const kind = type !== undefined ? (KINDS[type] ?? 'string') : typeof sample === 'number' ? 'numeric' : 'string';
    const isPercentMetric = !raw && percent.has(key);
    return {
      key,
      label: key,
      kind,
      isMetric: !raw && metrics.has(key),
      isPercentMetric,
      numberFormat: numberFormatOf({ isMetric: !raw && metrics.has(key), isPercentMetric, configured: config[key]?.d3NumberFormat }),
      currency: currencyPlacement(config[key]?.currencyFormat),
      timeFormat: timeFormatOf({ configured: config[key]?.d3TimeFormat, tableTimestampFormat: fd.table_timestamp_format, timeGrain: timeGrain(fd) }),
    };
  });
  const serverPagination = Boolean(fd.server_pagination);
  const pageLength = Number(fd.page_length ?? 0) || 0;
  const totalsIndex = serverPagination ? 2 : 1;
  const totals = fd.show_totals && !raw ? (getRecords(input.queriesData, totalsIndex)[0] ?? null) : null;
  const rowcount = getRowcount(input.queriesData);
  const totalRows = serverPagination ? Number(getRecords(input.queriesData, 1)[0]?.rowcount ?? rowcount) : rowcount;
  const dims = ((raw ? fd.all_columns : fd.groupby) ?? []) as QueryFormColumn[];
  requireResultColumns(result, [...dims, ...(raw ? [] : metrics)]);
  const barColumns = fd.show_cell_bars === false ? [] : columns.filter((c) => c.kind === 'numeric' && (raw || c.isMetric || c.isPercentMetric)).map((c) => c.key);
  return {
    width: input.width,
    height: input.height,
    theme: input.theme ?? DEFAULT_CHART_THEME,
    gate: rowGate(rowcount, input.confirmedLargeRender),
    ariaLabel: `Table of ${dims.map(getColumnLabel).concat([...metrics]).join(', ') || 'results'}: ${totalRows} rows`,
    columns,
    data,
    totals,
    pageSize: serverPagination ? (fd.server_page_length ?? DEFAULT_TABLE_PAGE_SIZE) : pageLength,
    serverPagination,
    totalRows,
    includeSearch: Boolean(fd.include_search),
    rowHeight: VIRTUAL_ROW_HEIGHTS[0],
    conditionalFormatting: fd.conditional_formatting ?? [],
    cellBars: { extents: columnExtents(data, barColumns), colorPositiveNegative: fd.color_pn !== false, alignPositiveNegative: Boolean(fd.align_pn) },
    crossFilterColumns: raw ? [] : dims.map(getColumnLabel).filter((key) => columns.some((c) => c.key === key && !c.isMetric)),
  };
}
