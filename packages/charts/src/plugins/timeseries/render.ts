/**
 * uPlot renderer of the time-series charts. Thin by design: props already hold uPlot's aligned data,
 * so this only maps props to options, draws a DOM legend and tooltip, and resizes with setSize.
 */
import uPlot from 'uplot';
import { withOpacity } from '../../colors/validate-color';
import { groupedSeriesAt, stackedSeriesAt } from './bar-hit';
import { crossFilterOpacity, isCrossFilterSelected, makeCrossFilterTarget, toggleCrossFilter } from '../../shared/cross-filter';
import { h } from '../../shared/dom';
import { getNumberFormatter } from '../../shared/format';
import { formatTimeAlone, formatTimeTicks } from '../../shared/year-aware-time';
import { xAxisSpacing } from './x-axis';
import { renderLegend } from '../../shared/legend';
import { resolveThemeColors } from '../../shared/theme-colors';
import { mountChart, type Painter } from '../../shared/mount';
import { createTooltip, type Tooltip } from '../../shared/tooltip';
import { UPLOT_CSS } from '../../shared/uplot-css';
import type { ChartInstance } from '../../types';
import { groupedBarsPath } from './bars-path';
import type { TimeseriesProps } from './types';

function seriesOptions(props: TimeseriesProps, selectedSeries?: unknown[]): uPlot.Series[] {
  const { kind, stack, series, opacity, markerSize } = props;
  const paths = uPlot.paths;
  return series.map((s, i): uPlot.Series => {
    const base: uPlot.Series = { label: s.name, stroke: s.color, width: 1.5, points: { show: false } };
    if (kind === 'bar') {
      const builder = stack ? groupedBarsPath(0, 1, i === 0 ? undefined : i) : groupedBarsPath(i, series.length);
      const dim = crossFilterOpacity(selectedSeries, props.crossFilter.seriesValues[i]);
      return { ...base, width: 0, fill: withOpacity(s.color, opacity * dim), paths: builder };
    }
    if (kind === 'scatter') return { ...base, paths: () => null, points: { show: true, size: markerSize, fill: s.color, stroke: s.color } };
    if (kind === 'step') return { ...base, paths: paths.stepped!({ align: 1 }) };
    if (kind === 'smooth') return { ...base, paths: paths.spline!() };
    if (kind === 'area') return { ...base, fill: withOpacity(s.color, opacity) };
    return base;
  });
}

/**
 * uPlot options for props (exported for tests of the option mapping).
 *
 * @example
 * const opts = buildUplotOptions(props, 600, 280, { onDraw: () => done() });
 */
export function buildUplotOptions(props: TimeseriesProps, width: number, height: number, hooks: uPlot.Hooks.Arrays = {}, selectedSeries?: unknown[]): uPlot.Options {
  const { theme, xMode, xLabels } = props;
  const yFmt = getNumberFormatter(props.yFormat);
  const axisFont = `${theme.fontSize}px ${theme.fontFamily}`;
  const grid = { stroke: theme.grid, width: 1 };
  const xValues: uPlot.Axis.Values =
    xMode === 'time'
      ? (_u, splits) => formatTimeTicks(props.xFormat, splits)
      : xMode === 'category'
        ? (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (xLabels[v] ?? '') : ''))
        : (_u, splits) => splits.map((v) => getNumberFormatter('SMART_NUMBER').format(v));
  const [min, max] = props.yBounds;
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
      x: { time: xMode === 'time', ...(xMode === 'category' ? { range: (_u, lo, hi) => [lo - 0.5, hi + 0.5] } : {}) },
      y: {
        distr: props.logAxis ? 3 : 1,
        ...(min !== null || max !== null || props.kind === 'bar'
          ? { range: (_u, lo, hi) => [min ?? Math.min(0, lo), max ?? (hi === lo ? hi + 1 : hi)] as uPlot.Range.MinMax }
          : {}),
      },
    },
    axes: [
      { stroke: theme.mutedText, font: axisFont, grid, ticks: grid, values: xValues, ...xAxisSpacing(props) },
      { stroke: theme.mutedText, font: axisFont, grid, ticks: grid, size: 56, values: (_u, splits) => splits.map((v) => yFmt.format(v)) },
    ],
    series: [{}, ...seriesOptions(props, selectedSeries)],
    bands,
    hooks,
  };
}

const SR_ONLY = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;margin:0;padding:0';

/** Fades the categories outside a cross-filter selection (drawn over the bars, under the cursor). */
function dimCategories(u: uPlot, props: TimeseriesProps, selected: unknown[]) {
  const { ctx, bbox } = u;
  const xs = props.crossFilter.xValues;
  ctx.save();
  ctx.fillStyle = withOpacity(props.theme.background, 0.7);
  for (let i = 0; i < xs.length; i++) {
    if (isCrossFilterSelected(selected, xs[i])) continue;
    const left = u.valToPos(i - 0.5, 'x', true);
    const right = u.valToPos(i + 0.5, 'x', true);
    ctx.fillRect(left, bbox.top, right - left, bbox.height);
  }
  ctx.restore();
}

/** The series whose bar is under uPlot's cursor, or null (between bars, or off the plot). */
function barSeriesAtCursor(u: uPlot, props: TimeseriesProps): number | null {
  const { idx, left, top } = u.cursor;
  if (idx === null || idx === undefined || left === undefined || top === undefined || left < 0) return null;
  if (props.stack) return stackedSeriesAt(props.data.slice(1) as (number | null)[][], idx, u.posToVal(top, 'y'));
  const xs = u.data[0];
  const neighbour = idx + 1 < xs.length ? idx + 1 : idx - 1;
  const step = neighbour >= 0 && neighbour < xs.length ? Math.abs(u.valToPos(xs[neighbour]!, 'x') - u.valToPos(xs[idx]!, 'x')) : u.bbox.width / 2 / devicePixelRatio;
  const slot = groupedSeriesAt(left - u.valToPos(xs[idx]!, 'x'), step, props.series.length);
  if (slot === null) return null;
  // Only on the bar itself, between zero and its value.
  const value = props.series[slot]!.values[idx];
  const y = u.posToVal(top, 'y');
  return value !== null && value !== undefined && y >= Math.min(0, value) && y <= Math.max(0, value) ? slot : null;
}

function createTimeseriesPainter(): Painter<TimeseriesProps> {
  let plot: uPlot | undefined;
  // Cross-filter selection shown: the host's crossFilterValues, updated locally at once on a click.
  let selection: { column: string; values: unknown[] } | null = null;
  let hostValues: unknown[] | undefined;
  let plotBox: HTMLElement | undefined;
  let legend: HTMLElement | undefined;
  let tooltip: Tooltip | undefined;
  const plotHeight = (props: TimeseriesProps) => Math.max(50, props.height - (legend?.offsetHeight ?? 0));

  const tooltipHook = (props: TimeseriesProps) => (u: uPlot) => {
    const idx = u.cursor.idx;
    if (idx === null || idx === undefined || !tooltip) {
      tooltip?.hide();
      return;
    }
    const xv = props.data[0][idx] as number;
    const title = props.xMode === 'category' ? props.xLabels[idx] : props.xMode === 'time' ? formatTimeAlone(props.tooltipFormat, xv) : String(xv);
    const fmt = getNumberFormatter(props.yFormat);
    const lines = props.series
      .filter((_, i) => u.series[i + 1].show !== false)
      .map((s) => ({ color: s.color, label: s.name, value: fmt.format(s.values[idx] ?? null) }));
    tooltip.show(u.cursor.left ?? 0, u.cursor.top ?? 0, title, lines);
  };

  return {
    draw(body, props, _previous, rendered) {
      plot?.destroy();
      const { xColumn, seriesColumn } = props.onCrossFilter ? props.crossFilter : { xColumn: null, seriesColumn: null };
      if (props.crossFilterValues !== hostValues) {
        hostValues = props.crossFilterValues;
        const column = selection?.column ?? seriesColumn ?? xColumn;
        selection = hostValues?.length && column ? { column, values: hostValues } : null;
      }
      const selectedOf = (column: string | null) => (selection && selection.column === column ? selection.values : undefined);
      const choose = (column: string, value: unknown, additive: boolean, refocus: string) => {
        selection = toggleCrossFilter(column, selectedOf(column), value, additive);
        this.draw(body, props, props, () => undefined);
        ([...body.querySelectorAll<HTMLElement>('[data-cross-filter-key]')].find((el) => el.dataset.crossFilterKey === refocus))?.focus();
        props.onCrossFilter?.(selection);
      };
      body.replaceChildren(h('style', {}, [UPLOT_CSS]));
      plotBox = h('div', { role: 'img', 'aria-label': props.ariaLabel, style: 'position:relative' });
      if (seriesColumn && props.showLegend) {
        // The legend toggles the series' cross filter instead of its visibility.
        const selected = selectedOf(seriesColumn);
        legend = h('ul', { class: 'bi-legend', 'aria-label': 'Legend' });
        props.series.forEach((s, i) => {
          const value = props.crossFilter.seriesValues[i];
          const key = `s:${i}`;
          const button = h('button', { type: 'button', 'aria-pressed': String(isCrossFilterSelected(selected, value)), 'aria-label': `Filter by ${s.name}`, 'data-cross-filter-key': key, style: `opacity:${crossFilterOpacity(selected, value)}` }, [h('i', { style: `background:${s.color}` }), s.name]);
          button.addEventListener('click', (e) => choose(seriesColumn, value, e.ctrlKey || e.metaKey, key));
          legend!.append(h('li', {}, [button]));
        });
      } else {
        legend = props.showLegend
          ? renderLegend(
              props.series.map((s) => ({ name: s.name, color: s.color, visible: true })),
              (i, visible) => plot?.setSeries(i + 1, { show: visible }),
            )
          : undefined;
      }
      if (legend) body.append(legend);
      body.append(plotBox);
      if (xColumn) {
        // Bars are canvas pixels: a click picks the category under the cursor; keyboard users get one
        // visually hidden toggle per category.
        const selected = selectedOf(xColumn);
        // A group of buttons, not a list: a list may hold only list items, and these are buttons.
        const list = h('div', { role: 'group', 'aria-label': `Filter by ${xColumn}`, style: SR_ONLY });
        props.crossFilter.xValues.forEach((value, i) => {
          const item = h('span', { 'data-cross-filter-key': `x:${i}` }, [props.xLabels[i] ?? String(value)]);
          makeCrossFilterTarget(item, `Filter by ${props.xLabels[i] ?? String(value)}`, isCrossFilterSelected(selected, value), (additive) => choose(xColumn, value, additive, `x:${i}`));
          list.append(item);
        });
        body.append(list);
        plotBox.style.cursor = 'pointer';
        plotBox.addEventListener('click', (e) => {
          const idx = plot?.cursor.idx;
          if (idx === null || idx === undefined || idx >= props.crossFilter.xValues.length) return;
          choose(xColumn, props.crossFilter.xValues[idx], e.ctrlKey || e.metaKey, `x:${idx}`);
        });
      } else if (seriesColumn) {
        // A time axis with one group-by: a bar filters by its series, as a pie slice by its slice (the
        // legend does the same for keyboard users).
        plotBox.style.cursor = 'pointer';
        plotBox.addEventListener('click', (e) => {
          const i = plot ? barSeriesAtCursor(plot, props) : null;
          if (i !== null) choose(seriesColumn, props.crossFilter.seriesValues[i], e.ctrlKey || e.metaKey, `s:${i}`);
        });
      }
      tooltip = createTooltip(plotBox);
      let notified = false;
      // The canvas needs concrete colours: the theme's var(--bi-*) values as they are here and now.
      const themed = { ...props, theme: resolveThemeColors(body, props.theme) };
      const opts = buildUplotOptions(themed, props.width, plotHeight(props), {
        setCursor: [tooltipHook(props)],
        draw: [
          (u) => {
            const dimmed = selectedOf(xColumn);
            if (xColumn && dimmed?.length) dimCategories(u, themed, dimmed);
            if (notified) return;
            notified = true;
            rendered();
          },
        ],
      }, selectedOf(seriesColumn));
      plot = new uPlot(opts, props.data as uPlot.AlignedData, plotBox);
    },
    resize(width, height, props) {
      if (!plot) return false;
      plot.setSize({ width, height: plotHeight({ ...props, height }) });
      return true;
    },
    destroy() {
      plot?.destroy();
      plot = undefined;
    },
    asyncRendered: true,
    redrawOnThemeChange: true,
  };
}

/**
 * Mounts a time-series chart.
 *
 * @example
 * const chart = renderTimeseries(container, props);
 * chart.resize(800, 400);
 */
export function renderTimeseries(element: HTMLElement, props: TimeseriesProps): ChartInstance<TimeseriesProps> {
  return mountChart(element, props, createTimeseriesPainter());
}
