/** SVG building blocks shared by the statistical charts: root element, axes, titles, base props. */
import { svg } from '../../shared/dom';
import { getRowcount } from '../../shared/records';
import { rowGate } from '../../shared/row-threshold';
import type { BaseChartProps } from '../../shared/mount';
import { DEFAULT_CHART_THEME, type ChartTheme, type TransformPropsInput } from '../../types';
import { CATEGORY_LABEL_MAX, estimateLabelWidth, thinnedIndices, truncateLabel } from '../../shared/label-fit';
import type { ContinuousScale } from './scales';

/** Plot margins in pixels. */
export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The props every chart shares, from a transformProps input.
 *
 * @example
 * const base = baseProps(input, 'Funnel of count by status');
 */
export function baseProps(input: TransformPropsInput, ariaLabel: string): BaseChartProps {
  return {
    width: input.width,
    height: input.height,
    theme: input.theme ?? DEFAULT_CHART_THEME,
    gate: rowGate(getRowcount(input.queriesData), input.confirmedLargeRender),
    ariaLabel,
  };
}

/**
 * The root <svg> of a chart: role="img" with the summary as its accessible name.
 *
 * @example
 * body.replaceChildren(svgRoot(400, 300, 'Histogram of age'));
 */
export function svgRoot(width: number, height: number, ariaLabel: string): SVGSVGElement {
  return svg('svg', { width: Math.max(0, width), height: Math.max(0, height), role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${Math.max(0, width)} ${Math.max(0, height)}` });
}

/** An SVG <text> with content (textContent, so labels are never parsed as markup). */
export function text(content: string, attrs: Record<string, string | number>): SVGTextElement {
  const t = svg('text', attrs);
  t.textContent = content;
  return t;
}

/** Adds a native tooltip (<title>) to an SVG element and returns it. */
export function withTitle<E extends SVGElement>(el: E, title: string): E {
  const t = svg('title');
  t.textContent = title;
  el.append(t);
  return el;
}

/**
 * A value axis (left or bottom) with grid lines across the plot.
 *
 * @example
 * plot.append(valueAxis('left', y, m, width, height, (v) => fmt.format(v), theme));
 */
export function valueAxis(
  side: 'left' | 'bottom',
  scale: ContinuousScale,
  m: Margins,
  width: number,
  height: number,
  format: (v: number) => string,
  theme: ChartTheme,
  count = 5,
): SVGGElement {
  const g = svg('g', { class: `bi-axis bi-axis-${side}`, 'font-size': theme.fontSize - 1, fill: theme.mutedText });
  for (const v of scale.ticks(count)) {
    const p = scale(v);
    if (side === 'left') {
      g.append(svg('line', { x1: m.left, x2: width - m.right, y1: p, y2: p, stroke: theme.grid }));
      g.append(text(format(v), { x: m.left - 6, y: p, 'text-anchor': 'end', 'dominant-baseline': 'middle' }));
    } else {
      g.append(svg('line', { x1: p, x2: p, y1: m.top, y2: height - m.bottom, stroke: theme.grid }));
      g.append(text(format(v), { x: p, y: height - m.bottom + 14, 'text-anchor': 'middle' }));
    }
  }
  return g;
}

/**
 * Category labels under bands that never overlap nor run off the chart: long labels are cut with an
 * ellipsis (the full label in a <title> tooltip), then every k-th is shown so neighbours keep apart, and a
 * label near an edge is cut to the room it has there (the bands' own tooltips name every category).
 *
 * @example
 * plot.append(categoryAxis(['a', 'b'], (i) => x.start(i) + x.bandwidth / 2, height - m.bottom + 14, x.step, theme, width));
 */
export function categoryAxis(labels: string[], center: (i: number) => number, y: number, step: number, theme: ChartTheme, width = Infinity): SVGGElement {
  const g = svg('g', { class: 'bi-axis bi-axis-category', 'font-size': theme.fontSize - 1, fill: theme.mutedText });
  const fontPx = theme.fontSize - 1;
  const cut = labels.map((l) => truncateLabel(l, CATEGORY_LABEL_MAX, fontPx));
  const widest = cut.reduce((w, l) => Math.max(w, estimateLabelWidth(l, fontPx)), 0);
  for (const i of thinnedIndices(labels.length, labels.length * Math.max(0, step), widest + 6)) {
    const c = center(i);
    const label = truncateLabel(cut[i], 2 * Math.min(c, width - c) - 2, fontPx);
    if (!label) continue;
    const t = text(label, { x: c, y, 'text-anchor': 'middle' });
    g.append(label === labels[i] ? t : withTitle(t, labels[i]));
  }
  return g;
}
