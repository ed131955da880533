/**
 * Chart-data response (two results: query A, query B) -> mixed-chart props. Each query goes through the
 * time-series transform with its own form data and series kind, with one colour scale for both; the two
 * are then put on one x axis, each series on the y axis its query asked for.
 */
import { schemeColorScale } from '../../colors/chart-color-scale';
import { currencyPlacement, type CurrencyPlacement } from '../../shared/currency-format';
import { rowGate } from '../../shared/row-threshold';
import { seriesKindOf } from '../timeseries/series-type';
import { chartSummary, transformTimeseriesProps } from '../timeseries/transform-props';
import type { TimeseriesFormData, TimeseriesProps } from '../timeseries/types';
import type { TransformPropsInput } from '../../types';
import { alignX, type AlignedPoints } from './align-x';
import { withSuffix, withoutSuffix } from './form-data-suffix';
import type { MixedSeries, MixedTimeseriesFormData, MixedTimeseriesProps, YAxisIndex } from './types';

/** The incumbent's defaults for a mixed chart's look (its DEFAULT_FORM_DATA). */
const DEFAULT_OPACITY = 0.2;
const DEFAULT_MARKER_SIZE = 6;

/** Each query's form data for the time-series transform: its query controls and its look. */
function queryFormData(formData: MixedTimeseriesFormData): [TimeseriesFormData, TimeseriesFormData] {
  const a = withoutSuffix(formData);
  const b = withSuffix(formData);
  return [
    { ...a, opacity: formData.opacity ?? DEFAULT_OPACITY, markerSize: formData.markerSize ?? DEFAULT_MARKER_SIZE, bar_stacked: undefined },
    {
      ...b,
      stack: formData.stackB,
      opacity: formData.opacityB ?? DEFAULT_OPACITY,
      markerSize: formData.markerSizeB ?? DEFAULT_MARKER_SIZE,
      sort_series_type: (formData.sort_series_typeB as string | undefined) ?? b.sort_series_type,
      sort_series_ascending: (formData.sort_series_ascendingB as boolean | undefined) ?? b.sort_series_ascending,
      bar_stacked: undefined,
    },
  ];
}

const axisOf = (index: unknown): YAxisIndex => (Number(index) === 1 ? 1 : 0);

/** How one y axis formats its values: y_axis_format(_secondary) and currency_format(_secondary). */
interface AxisFormat {
  format: string;
  currency: CurrencyPlacement | null;
}

/** A query's series with their kind and axis; B's take ' (1)' when A already has the name (the incumbent's series key). */
function querySeries(props: TimeseriesProps, query: 0 | 1, axis: YAxisIndex, { format, currency }: AxisFormat, taken: Set<string>): MixedSeries[] {
  return props.series.map((s) => ({
    ...s,
    name: query === 1 && taken.has(s.name) ? `${s.name} (1)` : s.name,
    format,
    currency,
    kind: props.kind,
    query,
    axis,
    stacked: props.stack,
    // The incumbent's opacity controls fill areas; its bars stay opaque.
    opacity: props.kind === 'area' ? props.opacity : 1,
    markerSize: props.markerSize,
  }));
}

/**
 * The series in drawing order: bars first, so lines, points and areas are drawn over them and stay in
 * sight (uPlot paints in series order). Otherwise query A before B, each in its own order.
 */
function barsFirst(series: MixedSeries[], columns: AlignedPoints['columns']): { drawn: MixedSeries[]; columns: AlignedPoints['columns'] } {
  const order = series.map((_, i) => i).sort((i, j) => Number(series[j].kind === 'bar') - Number(series[i].kind === 'bar'));
  return { drawn: order.map((i) => series[i]), columns: order.map((i) => columns[i]) };
}

/**
 * Builds mixed-chart props.
 *
 * @example
 * const props = transformMixedTimeseriesProps({ formData, queriesData: [resultA, resultB], width: 600, height: 300 });
 * props.series.map((s) => [s.name, s.kind, s.axis]); // [['SUM(sales)', 'line', 1], ['count', 'bar', 0]]
 */
export function transformMixedTimeseriesProps(input: TransformPropsInput): MixedTimeseriesProps {
  const formData = input.formData as MixedTimeseriesFormData;
  const [fdA, fdB] = queryFormData(formData);
  // One scale for both queries, so B's first series does not take A's first colour again.
  const colorScale = schemeColorScale(input);
  const transform = (fd: TimeseriesFormData, kind: MixedSeries['kind'], index: number) =>
    transformTimeseriesProps(kind)({ ...input, formData: fd, queriesData: input.queriesData.slice(index, index + 1), colorScale });
  const a = transform(fdA, seriesKindOf(formData.seriesType, formData.area), 0);
  const b = transform(fdB, seriesKindOf(formData.seriesTypeB, formData.areaB), 1);

  const primary: AxisFormat = { format: formData.y_axis_format ?? 'SMART_NUMBER', currency: currencyPlacement(formData.currency_format) };
  const secondary: AxisFormat = { format: formData.y_axis_format_secondary ?? 'SMART_NUMBER', currency: currencyPlacement(formData.currency_format_secondary) };
  const formatOf = (axis: YAxisIndex) => (axis === 1 ? secondary : primary);
  const axisA = axisOf(formData.yAxisIndex);
  const axisB = axisOf(formData.yAxisIndexB);
  const seriesA = querySeries(a, 0, axisA, formatOf(axisA), new Set());
  const series = [...seriesA, ...querySeries(b, 1, axisB, formatOf(axisB), new Set(seriesA.map((s) => s.name)))];

  // The shared x settings (mode, formats) of the query that has rows.
  const shared = a.data[0].length > 0 ? a : b;
  const xMode = shared.xMode;
  const aligned = alignX(
    { x: a.data[0], xLabels: a.xLabels, columns: a.data.slice(1) },
    { x: b.data[0], xLabels: b.xLabels, columns: b.data.slice(1) },
    xMode,
  );
  const { drawn, columns } = barsFirst(series, aligned.columns);
  const rowcount = a.gate.rowcount + b.gate.rowcount;
  const bounds = formData.y_axis_bounds_secondary ?? [null, null];
  return {
    ...shared,
    kind: a.kind,
    gate: rowGate(rowcount, input.confirmedLargeRender),
    ariaLabel: chartSummary('mixed', series.map((s) => s.name), aligned.x, xMode),
    xMode,
    data: [aligned.x, ...columns],
    xLabels: aligned.xLabels,
    series: drawn,
    yFormat: primary.format,
    currency: primary.currency,
    secondary: { format: secondary.format, currency: secondary.currency, bounds: [bounds[0] ?? null, bounds[1] ?? null], logAxis: Boolean(formData.logAxisSecondary) },
    // The mixed chart does not cross-filter (yet): no column to filter on.
    crossFilter: { xColumn: null, xValues: [], seriesColumn: null, seriesValues: [] },
  };
}
