/** SVG pie/donut renderer with a DOM legend and per-slice tooltips (<title>). */
import { crossFilterOpacity, isCrossFilterSelected, makeCrossFilterTarget, toggleCrossFilter } from '../../shared/cross-filter';
import { svg } from '../../shared/dom';
import { renderLegend } from '../../shared/legend';
import { placeLegend } from '../../shared/legend-placement';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { pieRadius, placePieLabels, type PlacedPieLabel } from './label-layout';
import type { PieProps } from './types';
import { readableTextOn } from '../../colors/readable-text';

/** SVG path of an annular sector (angles in radians, clockwise from 12 o'clock). */
export function arcPath(cx: number, cy: number, r0: number, r1: number, a0: number, a1: number): string {
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const p = (r: number, a: number) => `${(cx + r * Math.sin(a)).toFixed(2)},${(cy - r * Math.cos(a)).toFixed(2)}`;
  // A full circle cannot be one arc; two halves close it.
  if (a1 - a0 >= Math.PI * 2 - 1e-9) return `${arcPath(cx, cy, r0, r1, a0, a0 + Math.PI)} ${arcPath(cx, cy, r0, r1, a0 + Math.PI, a1 - 1e-9)}`;
  const outer = `M${p(r1, a0)} A${r1},${r1} 0 ${large} 1 ${p(r1, a1)}`;
  return r0 > 0 ? `${outer} L${p(r0, a1)} A${r0},${r0} 0 ${large} 0 ${p(r0, a0)} Z` : `${outer} L${cx},${cy} Z`;
}

/** Mid angle of each slice, from the slices' shares of the circle. */
function midAngles(percents: number[]): number[] {
  let a = 0;
  return percents.map((f) => {
    const mid = a + f * Math.PI;
    a += f * Math.PI * 2;
    return mid;
  });
}

/** A placed label's <text> (with the full label as tooltip when cut) and its leader line. */
function labelNodes(l: PlacedPieLabel, p: PieProps, sliceColor: string): SVGElement[] {
  const fill = p.labelsOutside ? p.theme.text : readableTextOn(sliceColor, p.theme.text);
  const t = svg('text', { x: l.x, y: l.y, 'text-anchor': l.anchor, 'dominant-baseline': 'middle', fill, 'font-size': p.theme.fontSize, class: 'bi-pie-label' });
  t.textContent = l.text;
  // A whole label lets clicks through to its slice; a cut one keeps the pointer for its full-text tooltip.
  if (l.text === l.full) t.setAttribute('pointer-events', 'none');
  else {
    const title = svg('title');
    title.textContent = l.full;
    t.append(title);
  }
  const leader = l.leader ? [svg('line', { ...l.leader, stroke: p.theme.mutedText, 'stroke-width': 1, class: 'bi-pie-leader' })] : [];
  return [...leader, t];
}

/**
 * Slices are cross-filter toggles when the host passes `onCrossFilter` (and the pie has one groupby
 * column): click, Enter or Space toggles the slice's value; the selection stays opaque, the rest dims.
 *
 * @example
 * renderPie(container, transformPieProps(input));
 */
export function renderPie(element: HTMLElement, props: PieProps): ChartInstance<PieProps> {
  // The selection shown: the host's crossFilterValues, updated locally at once on a click.
  let selected: unknown[] | undefined;
  let hostValues: unknown[] | undefined;
  return mountChart(element, props, {
    draw(body, p) {
      if (p.crossFilterValues !== hostValues) selected = hostValues = p.crossFilterValues;
      const column = p.onCrossFilter ? p.crossFilterColumn : null;
      const legend = p.showLegend ? renderLegend(p.slices.map((s) => ({ name: s.name, color: s.color, visible: true }))) : undefined;
      body.replaceChildren();
      const frame = placeLegend(body, legend, p.legendOrientation, p.width, p.height);
      const width = frame.width;
      const height = Math.max(50, frame.height);
      const root = svg('svg', { width, height, role: column ? 'group' : 'img', 'aria-label': p.ariaLabel });
      const marks: Array<{ path: SVGPathElement; value: unknown }> = [];
      const highlight = () => {
        for (const m of marks) {
          m.path.setAttribute('opacity', String(crossFilterOpacity(selected, m.value)));
          m.path.setAttribute('aria-pressed', String(isCrossFilterSelected(selected, m.value)));
        }
      };
      const cx = width / 2;
      const cy = height / 2;
      const half = Math.min(width, height) / 2;
      const r0 = p.donut ? (half * p.innerRadius) / 100 : 0;
      const mids = midAngles(p.slices.map((s) => s.percent));
      const labelInput = { width, height, labels: p.slices.map((s, i) => ({ text: s.label, mid: mids[i] })), outside: p.labelsOutside, fontPx: p.theme.fontSize, r0, r1: (half * p.outerRadius) / 100 };
      const r1 = pieRadius(labelInput);
      let a = 0;
      p.slices.forEach((s, i) => {
        const a1 = a + s.percent * Math.PI * 2;
        const path = svg('path', { d: arcPath(cx, cy, r0, r1, a, a1), fill: s.color, stroke: p.theme.background, 'stroke-width': 1 });
        if (column) {
          const value = p.sliceValues[i];
          marks.push({ path, value });
          path.style.cursor = 'pointer';
          makeCrossFilterTarget(path, `Filter by ${s.name}`, false, (additive) => {
            const next = toggleCrossFilter(column, selected, value, additive);
            selected = next?.values;
            highlight();
            p.onCrossFilter?.(next);
          }, { column, value, label: s.name });
        }
        const title = svg('title');
        title.textContent = `${s.name}: ${s.value} (${(s.percent * 100).toFixed(2)}%)`;
        path.append(title);
        root.append(path);
        a = a1;
      });
      for (const l of placePieLabels({ ...labelInput, r1 })) root.append(...labelNodes(l, p, p.slices[l.index].color));
      highlight();
      frame.plot.append(root);
    },
  });
}
