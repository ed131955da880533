/**
 * uPlot renderer of the time-series charts. Thin by design: props already hold uPlot's aligned data,
 * so this only maps props to options, draws a DOM legend and tooltip, and resizes with setSize.
 */
import uPlot from 'uplot';
import { withOpacity } from '../../colors/with-opacity';
import { h } from '../../shared/dom';
import { formatWithCurrency } from '../../shared/currency-format';
import { getNumberFormatter } from '../../shared/format';
import { formatTimeAlone, formatTimeTicks } from '../../shared/year-aware-time';
import { xAxisSpacing } from './x-axis';
import { renderLegend } from '../../shared/legend';
import { resolveThemeColors } from '../../shared/theme-colors';
import { mountChart, type Painter } from '../../shared/mount';
import type { Tooltip } from '../../shared/tooltip';
import { UPLOT_CSS } from '../../shared/uplot-css';
import type { ChartInstance } from '../../types';
import type { TimeseriesCrossFilter } from './cross-filter-ui';
import type { Annotator } from './annotations/annotate';
import { groupedBarsPath } from './bars-path';
import { xScale, yScale } from './scales';
import type { SeriesKind, TimeseriesProps, TimeseriesSeries } from './types';

/** How one series draws: its kind and, for bars, its place among the bars of one x value. */
export interface SeriesLook {
  kind: SeriesKind;
  opacity: number;
  markerSize: number;
  /** Side-by-side bars: this series' slot of `slots`. */
  slot: number;
  slots: number;
  /** Stacked bars: the uPlot series index this one stands on (none for the first of a stack). */
  stackedOn?: number;
  /** A cross-filter selection's fading of this series' bars (1 when none). */
  fade?: number;
}

/**
 * The uPlot series of one drawn series (shared with the mixed chart, whose series differ in kind).
 *
 * @example
 * seriesOption({ name: 'boy', color: '#1FA8C9', values }, { kind: 'bar', opacity: 1, markerSize: 6, slot: 0, slots: 2 });
 */
export function seriesOption(s: TimeseriesSeries, look: SeriesLook): uPlot.Series {
  const paths = uPlot.paths;
  const base: uPlot.Series = { label: s.name, stroke: s.color, width: 1.5, points: { show: false } };
  switch (look.kind) {
    case 'bar':
      return { ...base, width: 0, fill: withOpacity(s.color, look.opacity * (look.fade ?? 1)), paths: groupedBarsPath(look.slot, look.slots, look.stackedOn) };
    case 'scatter':
      return { ...base, paths: () => null, points: { show: true, size: look.markerSize, fill: s.color, stroke: s.color } };
    case 'step':
      return { ...base, paths: paths.stepped!({ align: 1 }) };
    case 'smooth':
      return { ...base, paths: paths.spline!() };
    case 'area':
      return { ...base, fill: withOpacity(s.color, look.opacity) };
    default:
      return base;
  }
}

function seriesOptions(props: TimeseriesProps, seriesOpacity?: (index: number) => number): uPlot.Series[] {
  const { kind, stack, series, opacity, markerSize } = props;
  return series.map((s, i) =>
    seriesOption(s, {
      kind,
      opacity,
      markerSize,
      ...(stack ? { slot: 0, slots: 1, stackedOn: i === 0 ? undefined : i } : { slot: i, slots: series.length }),
      fade: seriesOpacity?.(i),
    }),
  );
}

/**
 * A series' value in the tooltip: its own format and currency when it has them (a mixed chart's series, each
 * with its axis' format and currency_format), else the y-axis format with the saved currency.
 *
 * @example
 * tooltipValue({ yFormat: '.3s', currency: { symbol: '$', suffix: false } } as TimeseriesProps, { values: [10032628] } as TimeseriesSeries, 0); // '$ 10.0M'
 */
export function tooltipValue(props: Pick<TimeseriesProps, 'yFormat' | 'currency'>, series: Pick<TimeseriesSeries, 'format' | 'currency' | 'values'>, index: number): string {
  if (series.format !== undefined) return formatWithCurrency(series.format, series.currency ?? null, series.values[index]);
  return formatWithCurrency(props.yFormat, props.currency, series.values[index]);
}

/**
 * uPlot options for props (exported for tests of the option mapping).
 *
 * @example
 * const opts = buildUplotOptions(props, 600, 280, { onDraw: () => done() });
 */
export function buildUplotOptions(props: TimeseriesProps, width: number, height: number, hooks: uPlot.Hooks.Arrays = {}, seriesOpacity?: (index: number) => number): uPlot.Options {
  const { theme, xMode, xLabels } = props;
  const yFmt = { format: (v: number | null) => formatWithCurrency(props.yFormat, props.currency, v) };
  const axisFont = `${theme.fontSize}px ${theme.fontFamily}`;
  const grid = { stroke: theme.grid, width: 1 };
  const xValues: uPlot.Axis.Values =
    xMode === 'time'
      ? (_u, splits) => formatTimeTicks(props.xFormat, splits)
      : xMode === 'category'
        ? (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (xLabels[v] ?? '') : ''))
        : (_u, splits) => splits.map((v) => getNumberFormatter('SMART_NUMBER').format(v));
  const bands: uPlot.Band[] =
    props.stack && props.kind === 'area' ? props.series.slice(1).map((_, i) => ({ series: [i + 2, i + 1] as [number, number] })) : [];
  return {
    width,
    height,
    ms: 1,
    pxAlign: 0,
    legend: { show: false },
    cursor: { drag: { x: true, y: false }, points: { show: props.data[0].length < 5000 } },
    scales: {
      x: xScale(xMode, props.data[0], props.kind === 'bar'),
      y: yScale(props.yBounds, props.logAxis, props.kind === 'bar' || (props.kind === 'area' && props.stack)),
    },
    axes: [
      { stroke: theme.mutedText, font: axisFont, grid, ticks: grid, values: xValues, ...xAxisSpacing(props) },
      { stroke: theme.mutedText, font: axisFont, grid, ticks: grid, size: 56, values: (_u, splits) => splits.map((v) => yFmt.format(v)) },
    ],
    series: [{}, ...seriesOptions(props, seriesOpacity)],
    bands,
    hooks,
  };
}

/** The modules a chart downloads only when it needs them (see draw and the tooltip hook). */
let crossFilterModule: Promise<typeof import('./cross-filter-ui')> | undefined;
let tooltipModule: Promise<typeof import('../../shared/tooltip')> | undefined;

/** Builds the uPlot options of a draw (buildUplotOptions, or the mixed chart's two-axis variant). */
export type UplotOptionsBuilder<P extends TimeseriesProps> = (
  props: P,
  width: number,
  height: number,
  hooks: uPlot.Hooks.Arrays,
  seriesOpacity?: (index: number) => number,
) => uPlot.Options;

/**
 * The painter of the uPlot charts: legend, tooltip, cross filters, resize; `buildOptions` maps props to
 * uPlot options.
 *
 * @example
 * mountChart(element, props, createTimeseriesPainter(buildMixedUplotOptions));
 */
export function createTimeseriesPainter<P extends TimeseriesProps>(buildOptions: UplotOptionsBuilder<P>): Painter<P> {
  let plot: uPlot | undefined;
  let plotBox: HTMLElement | undefined;
  let legend: HTMLElement | undefined;
  let tooltip: Tooltip | undefined;
  let createTooltip: typeof import('../../shared/tooltip').createTooltip | undefined;
  // Created with the first draw of a chart that cross-filters; keeps the selection across draws.
  let crossFilter: TimeseriesCrossFilter | undefined;
  // Draws the annotation layers of the props it was prepared for (their formulas compiled).
  let annotator: Annotator | undefined;
  // The props of the latest draw that waits for code (a newer draw replaces it).
  let waiting: P | undefined;
  let destroyed = false;
  const plotHeight = (props: P) => Math.max(50, props.height - (legend?.offsetHeight ?? 0));

  const tooltipHook = (props: P) => (u: uPlot) => {
    const idx = u.cursor.idx;
    if (!tooltip && createTooltip && plotBox) tooltip = createTooltip(plotBox);
    if (idx === null || idx === undefined || !tooltip) {
      tooltip?.hide();
      // The tooltip's code loads on the first hover; the hover that asked for it is then answered.
      if (!createTooltip && idx !== null && idx !== undefined) {
        tooltipModule ??= import('../../shared/tooltip');
        tooltipModule.then((m) => {
          createTooltip = m.createTooltip;
          if (plot === u) tooltipHook(props)(u);
        });
      }
      return;
    }
    const xv = props.data[0][idx] as number;
    const title = props.xMode === 'category' ? props.xLabels[idx] : props.xMode === 'time' ? formatTimeAlone(props.tooltipFormat, xv) : String(xv);
    const lines = props.series
      .filter((_, i) => u.series[i + 1].show !== false)
      .map((s) => ({ color: s.color, label: s.name, value: tooltipValue(props, s, idx) }));
    tooltip.show(u.cursor.left ?? 0, u.cursor.top ?? 0, title, lines);
  };

  const painter: Painter<P> = {
    draw(body, props, _previous, rendered) {
      // Draws once `load` is done; without it (offline, a deploy replaced the chunk) the chart still draws, without `lacking`.
      const after = (load: Promise<unknown>, lacking: Partial<P>) => {
        waiting = props;
        load.then(
          () => !destroyed && waiting === props && painter.draw(body, props, _previous, rendered),
          () => !destroyed && waiting === props && painter.draw(body, { ...props, ...lacking }, _previous, rendered),
        );
      };
      // A chart that cross-filters draws once its cross-filter code is here (its keyboard targets are part of
      // the first draw), one with annotation layers once theirs is; a chart without either never loads it.
      if (props.onCrossFilter && !crossFilter)
        return after(
          (crossFilterModule ??= import('./cross-filter-ui')).then((m) => {
            crossFilter ??= m.createTimeseriesCrossFilter((b, p) => painter.draw(b, p as P, p as P, () => undefined));
          }),
          { onCrossFilter: undefined } as Partial<P>,
        );
      // (The browser keeps a module it imported: a second import() answers it at once.)
      if (props.annotations && annotator?.annotations !== props.annotations)
        return after(
          import('./annotations/annotate').then((m) => m.prepareAnnotations(props.annotations!)).then((a) => {
            annotator = a;
          }),
          { annotations: undefined } as Partial<P>,
        );
      waiting = undefined;
      plot?.destroy();
      const cross = props.onCrossFilter ? crossFilter : undefined;
      cross?.sync(props);
      body.replaceChildren(h('style', {}, [UPLOT_CSS]));
      plotBox = h('div', { role: 'img', 'aria-label': props.ariaLabel, style: 'position:relative' });
      // A cross-filtering chart's legend toggles the series' cross filter instead of its visibility.
      legend =
        cross?.legend(body, props) ??
        (props.showLegend
          ? renderLegend(
              props.series.map((s) => ({ name: s.name, color: s.color, visible: true })),
              (i, visible) => plot?.setSeries(i + 1, { show: visible }),
            )
          : undefined);
      if (legend) body.append(legend);
      body.append(plotBox);
      cross?.attach(body, plotBox, props, () => plot);
      tooltip = undefined;
      let notified = false;
      // The canvas needs concrete colours: the theme's var(--bi-*) values as they are here and now.
      const themed = { ...props, theme: resolveThemeColors(body, props.theme) };
      const opts = buildOptions(themed, props.width, plotHeight(props), {
        setCursor: [tooltipHook(props)],
        draw: [
          (u) => {
            cross?.dim(u, themed);
            if (notified) return;
            notified = true;
            rendered();
          },
        ],
      }, cross?.seriesOpacity(props));
      plot = new uPlot(props.annotations ? annotator!.annotate(opts, themed, plotBox) : opts, props.data as uPlot.AlignedData, plotBox);
    },
    resize(width, height, props) {
      if (!plot) return false;
      plot.setSize({ width, height: plotHeight({ ...props, height }) });
      return true;
    },
    destroy() {
      destroyed = true;
      plot?.destroy();
      plot = undefined;
    },
    asyncRendered: true,
    redrawOnThemeChange: true,
  };
  return painter;
}

/**
 * Mounts a time-series chart.
 *
 * @example
 * const chart = renderTimeseries(container, props);
 * chart.resize(800, 400);
 */
export function renderTimeseries(element: HTMLElement, props: TimeseriesProps): ChartInstance<TimeseriesProps> {
  return mountChart(element, props, createTimeseriesPainter(buildUplotOptions));
}
