/** SVG heatmap: one rect per cell, axis labels, optional values and a continuous gradient legend. */
import { makeCrossFilterTarget, sameCrossFilterValue } from '../../shared/cross-filter';
import { h, svg } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import type { ChartInstance, CrossFilterSelection } from '../../types';
import { bandScale } from '../svg-common/scales';
import { estimateLabelWidth, truncateLabel } from '../../shared/label-fit';
import { categoryAxis, svgRoot, text, withTitle } from '../svg-common/svg';
import type { HeatmapCell, HeatmapProps } from './types';
import { readableTextOn } from '../../colors/readable-text';

/**
 * The selection after a click on `cell`: the cell's x AND y value as two equality filters, or null when
 * the cell was already the selection (a second click clears). `selected` is [x, y] of the selected cell.
 *
 * @example
 * heatmapCellSelection({ xColumn: 'product_line', yColumn: 'deal_size' }, undefined, cell, 'Cars', 'Small');
 * // { column: 'product_line', values: ['Cars', 'Small'], filters: [{ column: 'product_line', value: 'Cars' }, { column: 'deal_size', value: 'Small' }], label: 'Cars, Small' }
 */
export function heatmapCellSelection(
  columns: { xColumn: string; yColumn: string },
  selected: readonly unknown[] | undefined,
  cell: Pick<HeatmapCell, 'xValue' | 'yValue'>,
  xLabel: string,
  yLabel: string,
): CrossFilterSelection | null {
  if (isSelectedCell(selected, cell)) return null;
  return {
    column: columns.xColumn,
    values: [cell.xValue, cell.yValue],
    filters: [
      { column: columns.xColumn, value: cell.xValue },
      { column: columns.yColumn, value: cell.yValue },
    ],
    label: `${xLabel}, ${yLabel}`,
  };
}

function isSelectedCell(selected: readonly unknown[] | undefined, cell: Pick<HeatmapCell, 'xValue' | 'yValue'>): boolean {
  return selected?.length === 2 && sameCrossFilterValue(selected[0], cell.xValue) && sameCrossFilterValue(selected[1], cell.yValue);
}

let gradientIds = 0;

/**
 * @example
 * renderHeatmap(container, transformHeatmapProps(input));
 */
export function renderHeatmap(element: HTMLElement, props: HeatmapProps): ChartInstance<HeatmapProps> {
  // Unique per mount: two heatmaps on one page must not share a gradient id.
  const gradientId = `bi-heatmap-gradient-${++gradientIds}`;
  // [x, y] of the selected cell: the host's crossFilterValues, updated locally at once on a click so the
  // highlight does not wait for the dashboard's round trip.
  let selected: unknown[] | undefined;
  let hostValues: unknown[] | undefined;
  return mountChart(element, props, {
    draw(body, p) {
      if (p.crossFilterValues !== hostValues) selected = hostValues = p.crossFilterValues;
      const columns = p.onCrossFilter ? p.crossFilter : null;
      const longestY = p.yLabels.reduce((n, l) => Math.max(n, estimateLabelWidth(l, p.theme.fontSize - 1)), 0);
      const legendH = p.showLegend ? 28 : 0;
      const m = { top: 8 + legendH, right: 8, bottom: 24, left: Math.min(p.width / 3, 12 + longestY) };
      const x = bandScale(p.xLabels.length, [m.left, p.width - m.right], 0.04);
      const y = bandScale(p.yLabels.length, [m.top, p.height - m.bottom], 0.04);
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      // An img hides its children from assistive technology; the cells are buttons when interactive.
      if (columns) root.setAttribute('role', 'group');
      if (p.showLegend) {
        const grad = svg('linearGradient', { id: gradientId });
        p.legendStops.forEach((c, i) => grad.append(svg('stop', { offset: `${(i / (p.legendStops.length - 1)) * 100}%`, 'stop-color': c })));
        const defs = svg('defs');
        defs.append(grad);
        const lx = p.width - m.right - 160;
        root.append(defs, svg('rect', { x: lx, y: 6, width: 120, height: 10, fill: `url(#${gradientId})`, class: 'bi-heatmap-legend' }));
        root.append(text(p.legendMin, { x: lx - 4, y: 15, 'text-anchor': 'end', 'font-size': p.theme.fontSize - 2, fill: p.theme.mutedText }));
        root.append(text(p.legendMax, { x: lx + 124, y: 15, 'font-size': p.theme.fontSize - 2, fill: p.theme.mutedText }));
      }
      const grid = svg('g', { class: 'bi-heatmap-cells' });
      const targets: { el: SVGElement; cell: HeatmapCell }[] = [];
      const highlight = () => {
        for (const t of targets) {
          const on = isSelectedCell(selected, t.cell);
          // Same look as the other charts: the selected cell stays, the others are dimmed.
          t.el.setAttribute('opacity', String(!selected?.length || on ? 1 : 0.3));
          t.el.setAttribute('aria-pressed', String(on));
        }
      };
      for (const c of p.cells) {
        const rect = withTitle(svg('rect', { x: x.start(c.x), y: y.start(c.y), width: Math.max(0, x.bandwidth), height: Math.max(0, y.bandwidth), fill: c.color, class: 'bi-heatmap-cell' }), c.tooltip);
        grid.append(rect);
        if (columns) {
          const xLabel = p.xLabels[c.x] ?? String(c.xValue);
          const yLabel = p.yLabels[c.y] ?? String(c.yValue);
          targets.push({ el: rect, cell: c });
          rect.style.cursor = 'pointer';
          // One cell is one (x, y) point: Ctrl/Cmd does not add cells (two cells would need an OR of ANDs).
          makeCrossFilterTarget(rect, `Filter by ${xLabel} / ${yLabel}`, isSelectedCell(selected, c), () => {
            const next = heatmapCellSelection(columns, selected, c, xLabel, yLabel);
            selected = next?.values;
            highlight();
            p.onCrossFilter?.(next);
          });
        }
        if (c.label && x.bandwidth > c.label.length * 5) {
          // pointer-events none: a click on the value text is a click on its cell.
          grid.append(text(c.label, { x: x.start(c.x) + x.bandwidth / 2, y: y.start(c.y) + y.bandwidth / 2, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': p.theme.fontSize - 1, fill: readableTextOn(c.color, p.theme.text), 'pointer-events': 'none' }));
        }
      }
      root.append(grid);
      highlight();
      root.append(categoryAxis(p.xLabels, (i) => x.start(i) + x.bandwidth / 2, p.height - m.bottom + 14, x.step, p.theme, p.width));
      const yAxis = svg('g', { class: 'bi-axis bi-axis-y', 'font-size': p.theme.fontSize - 1, fill: p.theme.mutedText });
      // Thin the row labels like the x labels when rows are shorter than the text.
      const every = Math.max(1, Math.ceil(p.theme.fontSize / Math.max(1, y.step)));
      p.yLabels.forEach((l, i) => {
        if (i % every !== 0) return;
        // The left margin is capped at a third of the card: longer row labels are cut, the full one in the tooltip.
        const shown = truncateLabel(l, m.left - 6, p.theme.fontSize - 1);
        const t = text(shown, { x: m.left - 4, y: y.start(i) + y.bandwidth / 2, 'text-anchor': 'end', 'dominant-baseline': 'middle' });
        if (shown) yAxis.append(shown === l ? t : withTitle(t, l));
      });
      root.append(yAxis);
      body.replaceChildren(h('div', {}, [root]));
    },
  });
}
