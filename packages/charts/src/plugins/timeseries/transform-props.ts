/**
 * Chart-data response -> uPlot-ready props for the time-series charts. Pure and columnar: a columnar
 * result's arrays (`result_layout: 'columns'`, what Lumen's own chart hosts fetch) go to uPlot as they
 * are, never through records; a records result costs one pass per series into a typed array.
 */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getColnames, resultCell, resultColumn, resultLength, resultNumericColumn } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import { rowGate } from '../../shared/row-threshold';
import { sortSeries } from '../../shared/series-sort';
import { currencyPlacement } from '../../shared/currency-format';
import { getTimeFormatter } from '../../shared/format';
import { getXAxisLabel } from '../../shared/post-processing';
import { DEFAULT_CHART_THEME, type TransformPropsInput } from '../../types';
import type { SeriesKind, TimeseriesFormData, TimeseriesProps, TimeseriesSeries, XMode } from './types';

const TEMPORAL = 2;
const NUMERIC = 0;

/** Drops the metric level a server kept (`null, boy` or `SUM(num), boy`) when the query truncated it. */
function seriesLabel(column: string, truncatePrefixes: string[]): string {
  for (const p of truncatePrefixes) if (column.startsWith(p)) return column.slice(p.length);
  return column;
}

function stackColumns(columns: Array<Float64Array | Array<number | null>>): Float64Array[] {
  const n = columns[0]?.length ?? 0;
  const acc = new Float64Array(n);
  return columns.map((col) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = col[i];
      if (v !== null && v === v) acc[i] += v;
      out[i] = acc[i];
    }
    return out;
  });
}

/**
 * Builds time-series props.
 *
 * @example
 * const props = transformTimeseriesProps('line')({ formData, queriesData, width: 600, height: 300 });
 * props.data; // [Float64Array(x ms), Float64Array(series 1), ...]
 */
export function transformTimeseriesProps(kind: SeriesKind) {
  return (input: TransformPropsInput): TimeseriesProps => {
    const formData = input.formData as TimeseriesFormData;
    requireControl(formData, 'metrics', 'Metrics');
    const theme = input.theme ?? DEFAULT_CHART_THEME;
    const result = input.queriesData[0];
    const colnames = getColnames(result);
    const coltypes = result?.coltypes;
    const wanted = getXAxisLabel(formData);
    // A saved x-axis the result lacks is a renamed or dropped column; legacy charts fall back below.
    if (formData.x_axis) requireResultColumns(result, [wanted]);
    const xKey = colnames.includes(wanted) ? wanted : (colnames[0] ?? wanted);
    const xType = coltypes?.[colnames.indexOf(xKey)];
    const length = resultLength(result);
    const first = resultCell(result, xKey, 0);
    const xMode: XMode = xType === TEMPORAL ? 'time' : xType === NUMERIC || (xType === undefined && typeof first === 'number') ? 'linear' : 'category';

    let x: Float64Array | Array<number | null>;
    let xLabels: string[] = [];
    // Only category axes need the raw x values (labels, cross-filter values); they are small.
    const xColumn = xMode === 'category' ? Array.from(resultColumn(result, xKey) ?? []) : [];
    if (xMode === 'category') {
      xLabels = xColumn.map((v) => formatLabel(v));
      x = Float64Array.from(xLabels, (_, i) => i);
    } else {
      x = resultNumericColumn(result, xKey);
    }

    const metrics = ((formData.metrics ?? []) as QueryFormMetric[]).map(getMetricLabel);
    const groupby = formData.groupby ?? [];
    const truncate = metrics.length === 1 && groupby.length > 0 && (formData.truncate_metric ?? true) ? ['null, ', `${metrics[0]}, `] : [];
    const seriesKeys = colnames.filter((c, i) => c !== xKey && (coltypes ? coltypes[i] === NUMERIC : true));
    const scale = chartColorScale(input);
    const unsorted = seriesKeys.map((key) => ({ name: seriesLabel(key, truncate), values: resultNumericColumn(result, key) }));
    const sorted = sortSeries(unsorted, formData.sort_series_type ?? 'sum', Boolean(formData.sort_series_ascending));
    const series: TimeseriesSeries[] = sorted.map((s) => ({ ...s, color: scale.getColor(s.name) }));

    const stack = (kind === 'bar' || kind === 'area') && Boolean(formData.stack || formData.bar_stacked);
    const values = series.map((s) => s.values);
    const data = [x, ...(stack ? stackColumns(values) : values)];
    const rowcount = result?.rowcount ?? length;
    const bounds = formData.y_axis_bounds ?? [null, null];
    const groupLabels = groupby.map((g) => getColumnLabel(g));
    const seriesColumn = kind === 'bar' && groupLabels.length === 1 && metrics.length === 1 ? groupLabels[0] : null;
    const crossFilter = {
      xColumn: kind === 'bar' && xMode === 'category' ? xKey : null,
      xValues: kind === 'bar' && xMode === 'category' ? xColumn : [],
      seriesColumn,
      seriesValues: seriesColumn ? series.map((s) => seriesLabel(s.name, ['null, ', `${metrics[0]}, `])) : [],
    };
    const xFormat = formData.x_axis_time_format ?? 'smart_date';
    const span =
      length && xMode === 'time'
        ? ` from ${getTimeFormatter('%Y-%m-%d').format(x[0] as number)} to ${getTimeFormatter('%Y-%m-%d').format(x[x.length - 1] as number)}`
        : '';
    return {
      width: input.width,
      height: input.height,
      theme,
      gate: rowGate(rowcount, input.confirmedLargeRender),
      ariaLabel: `${kind} chart of ${series.map((s) => s.name).join(', ') || 'no series'}: ${length} points${span}`,
      kind,
      xMode,
      data,
      xLabels,
      series,
      stack,
      opacity: typeof formData.opacity === 'number' ? formData.opacity : kind === 'area' ? 0.2 : 1,
      markerSize: typeof formData.markerSize === 'number' ? formData.markerSize : 6,
      showLegend: formData.show_legend ?? true,
      yFormat: formData.y_axis_format ?? 'SMART_NUMBER',
      currency: currencyPlacement(formData.currency_format),
      xFormat: xMode === 'time' ? xFormat : '',
      tooltipFormat: formData.tooltipTimeFormat ?? xFormat,
      yBounds: [bounds[0] ?? null, bounds[1] ?? null],
      logAxis: Boolean(formData.logAxis),
      crossFilter,
    };
  };
}

/** The x-axis column label a form data's result is keyed by (for hosts wiring cross-filters). */
export function timeseriesXAxisColumn(formData: TimeseriesFormData): string {
  return formData.x_axis ? getColumnLabel(formData.x_axis) : getXAxisLabel(formData);
}
