/**
 * A time-series chart's cross filters: the legend that filters by series, the visually hidden buttons that
 * filter by category from the keyboard, the click on a category or a bar, and the dimming of what is not
 * selected. A module of its own, loaded by the renderer only for a chart that cross-filters (a dashboard's):
 * a chart alone (<bi-chart>, Explore) never downloads it, which keeps <bi-chart>'s first load in budget
 * (DESIGN.md "Performance budget").
 */
import type uPlot from 'uplot';
import { withOpacity } from '../../colors/with-opacity';
import { crossFilterOpacity, isCrossFilterSelected, makeCrossFilterTarget, toggleCrossFilter } from '../../shared/cross-filter';
import { h } from '../../shared/dom';
import { offerDrillPoint } from '../../shared/drill-point';
import type { CrossFilterSelection } from '../../types';
import { groupedSeriesAt, stackedSeriesAt } from './bar-hit';
import type { TimeseriesProps } from './types';

const SR_ONLY = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;margin:0;padding:0';

/** The cross-filter state of one chart, kept across its draws. */
export interface TimeseriesCrossFilter {
  /** Takes the host's selection when it changed; called first in each draw. */
  sync(props: TimeseriesProps): void;
  /** The legend whose buttons filter by series (one group-by and a legend shown), or undefined. */
  legend(body: HTMLElement, props: TimeseriesProps): HTMLElement | undefined;
  /** Keyboard targets after the plot and the plot's click handling. */
  attach(body: HTMLElement, plotBox: HTMLElement, props: TimeseriesProps, plotOf: () => uPlot | undefined): void;
  /** Opacity of each series' bars under a series selection, or undefined without one. */
  seriesOpacity(props: TimeseriesProps): ((index: number) => number) | undefined;
  /** Fades the categories outside a category selection (a uPlot draw hook, with resolved theme colours). */
  dim(u: uPlot, themed: TimeseriesProps): void;
}

/** The column a cross filter applies to: the x axis (categories) or the single group-by (series). */
const columnsOf = (props: TimeseriesProps) => ({ xColumn: props.crossFilter.xColumn, seriesColumn: props.crossFilter.seriesColumn });

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

/**
 * @param redraw draws the chart again with the same props (after a click changed the local selection)
 *
 * @example
 * const crossFilter = createTimeseriesCrossFilter((props) => painter.draw(body, props, props, () => undefined));
 */
export function createTimeseriesCrossFilter(redraw: (body: HTMLElement, props: TimeseriesProps) => void): TimeseriesCrossFilter {
  // The selection shown: the host's crossFilterValues, updated locally at once on a click.
  let selection: CrossFilterSelection | null = null;
  let hostValues: unknown[] | undefined;
  const selectedOf = (column: string | null) => (selection && selection.column === column ? selection.values : undefined);

  const choose = (body: HTMLElement, props: TimeseriesProps, column: string, value: unknown, additive: boolean, refocus: string) => {
    selection = toggleCrossFilter(column, selectedOf(column), value, additive);
    redraw(body, props);
    ([...body.querySelectorAll<HTMLElement>('[data-cross-filter-key]')].find((el) => el.dataset.crossFilterKey === refocus))?.focus();
    props.onCrossFilter?.(selection);
  };

  return {
    sync(props) {
      if (props.crossFilterValues === hostValues) return;
      const { xColumn, seriesColumn } = columnsOf(props);
      hostValues = props.crossFilterValues;
      const column = selection?.column ?? seriesColumn ?? xColumn;
      selection = hostValues?.length && column ? { column, values: hostValues } : null;
    },

    legend(body, props) {
      const { seriesColumn } = columnsOf(props);
      if (!seriesColumn || !props.showLegend) return undefined;
      // The legend toggles the series' cross filter instead of its visibility.
      const selected = selectedOf(seriesColumn);
      const legend = h('ul', { class: 'bi-legend', 'aria-label': 'Legend' });
      props.series.forEach((s, i) => {
        const value = props.crossFilter.seriesValues[i];
        const key = `s:${i}`;
        const button = h('button', { type: 'button', 'aria-pressed': String(isCrossFilterSelected(selected, value)), 'aria-label': `Filter by ${s.name}`, 'data-cross-filter-key': key, style: `opacity:${crossFilterOpacity(selected, value)}` }, [h('i', { style: `background:${s.color}` }), s.name]);
        button.addEventListener('click', (e) => choose(body, props, seriesColumn, value, e.ctrlKey || e.metaKey, key));
        legend.append(h('li', {}, [button]));
      });
      return legend;
    },

    attach(body, plotBox, props, plotOf) {
      const { xColumn, seriesColumn } = columnsOf(props);
      if (xColumn) {
        // Bars are canvas pixels: a click picks the category under the cursor; keyboard users get one
        // visually hidden toggle per category.
        const selected = selectedOf(xColumn);
        // A group of buttons, not a list: a list may hold only list items, and these are buttons.
        const list = h('div', { role: 'group', 'aria-label': `Filter by ${xColumn}`, style: SR_ONLY });
        props.crossFilter.xValues.forEach((value, i) => {
          const item = h('span', { 'data-cross-filter-key': `x:${i}` }, [props.xLabels[i] ?? String(value)]);
          makeCrossFilterTarget(item, `Filter by ${props.xLabels[i] ?? String(value)}`, isCrossFilterSelected(selected, value), (additive) => choose(body, props, xColumn, value, additive, `x:${i}`));
          list.append(item);
        });
        body.append(list);
        plotBox.style.cursor = 'pointer';
        plotBox.addEventListener('click', (e) => {
          const idx = plotOf()?.cursor.idx;
          if (idx === null || idx === undefined || idx >= props.crossFilter.xValues.length) return;
          choose(body, props, xColumn, props.crossFilter.xValues[idx], e.ctrlKey || e.metaKey, `x:${idx}`);
        });
        plotBox.addEventListener('contextmenu', (e) => {
          const idx = plotOf()?.cursor.idx;
          if (idx === null || idx === undefined || idx >= props.crossFilter.xValues.length) return;
          const value = props.crossFilter.xValues[idx];
          offerDrillPoint(e, plotBox, { column: xColumn, value, label: props.xLabels[idx] ?? String(value) });
        });
      } else if (seriesColumn) {
        // A time axis with one group-by: a bar filters by its series, as a pie slice by its slice (the
        // legend does the same for keyboard users).
        plotBox.style.cursor = 'pointer';
        plotBox.addEventListener('click', (e) => {
          const plot = plotOf();
          const i = plot ? barSeriesAtCursor(plot, props) : null;
          if (i !== null) choose(body, props, seriesColumn, props.crossFilter.seriesValues[i], e.ctrlKey || e.metaKey, `s:${i}`);
        });
        plotBox.addEventListener('contextmenu', (e) => {
          const plot = plotOf();
          const i = plot ? barSeriesAtCursor(plot, props) : null;
          if (i !== null) offerDrillPoint(e, plotBox, { column: seriesColumn, value: props.crossFilter.seriesValues[i], label: props.series[i]!.name });
        });
      }
    },

    seriesOpacity(props) {
      const selected = selectedOf(columnsOf(props).seriesColumn);
      return selected ? (i) => crossFilterOpacity(selected, props.crossFilter.seriesValues[i]) : undefined;
    },

    dim(u, themed) {
      const { xColumn } = columnsOf(themed);
      const selected = selectedOf(xColumn);
      if (!xColumn || !selected?.length) return;
      const { ctx, bbox } = u;
      const xs = themed.crossFilter.xValues;
      ctx.save();
      ctx.fillStyle = withOpacity(themed.theme.background, 0.7);
      for (let i = 0; i < xs.length; i++) {
        if (isCrossFilterSelected(selected, xs[i])) continue;
        const left = u.valToPos(i - 0.5, 'x', true);
        const right = u.valToPos(i + 0.5, 'x', true);
        ctx.fillRect(left, bbox.top, right - left, bbox.height);
      }
      ctx.restore();
    },
  };
}
