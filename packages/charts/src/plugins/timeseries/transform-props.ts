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
 * A chart's summary for screen readers (its canvas says nothing): its kind, its series and its points, with
 * the days they span on a time axis. Shared with the mixed chart.
 *
 * @example
 * chartSummary('line', ['Ships'], [Date.UTC(2003, 0, 1), Date.UTC(2003, 1, 1)], 'time');
 * // 'line chart of Ships: 2 points from 2003-01-01 to 2003-02-01'
 */
export function chartSummary(kind: string, names: string[], x: ArrayLike<number | null>, xMode: XMode): string {
  const day = getTimeFormatter('%Y-%m-%d');
  const span = x.length && xMode === 'time' ? ` from ${day.format(x[0] as number)} to ${day.format(x[x.length - 1] as number)}` : '';
  return `${kind} chart of ${names.join(', ') || 'no series'}: ${x.length} points${span}`;
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
    // Only shown layers; their code downloads when the chart draws one (render.ts).
    const layers = formData.annotation_layers?.filter((l) => l?.show);
    return {
      width: input.width,
      height: input.height,
      theme,
      gate: rowGate(rowcount, input.confirmedLargeRender),
      ariaLabel: chartSummary(kind, series.map((s) => s.name), x, xMode),
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
      annotations: layers?.[0] && { layers, data: result?.annotation_data, scale },
    };
  };
}

/** The x-axis column label a form data's result is keyed by (for hosts wiring cross-filters). */
export function timeseriesXAxisColumn(formData: TimeseriesFormData): string {
  return formData.x_axis ? getColumnLabel(formData.x_axis) : getXAxisLabel(formData);
}
