/** SVG funnel: one trapezoid per step, width proportional to the step's value, centred. */
import { createCrossFilterMarks } from '../../shared/cross-filter-marks';
import { h, svg } from '../../shared/dom';
import { renderLegend } from '../../shared/legend';
import { truncateLabel } from '../../shared/label-fit';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot, text, withTitle } from '../svg-common/svg';
import type { FunnelProps } from './types';
import { readableTextOn } from '../../colors/readable-text';

/**
 * Steps are cross-filter toggles when the host passes `onCrossFilter` and the funnel has one groupby
 * column (the incumbent's funnel cross filter): the selected steps stay opaque, the rest dim.
 *
 * @example
 * renderFunnel(container, transformFunnelProps(input));
 */
export function renderFunnel(element: HTMLElement, props: FunnelProps): ChartInstance<FunnelProps> {
  const marks = createCrossFilterMarks();
  return mountChart(element, props, {
    draw(body, p) {
      marks.begin(p);
      const column = p.onCrossFilter ? p.crossFilterColumn : null;
      const legend = p.showLegend ? renderLegend(p.steps.map((s) => ({ name: s.name, color: s.color, visible: true }))) : undefined;
      body.replaceChildren(...(legend ? [legend] : []));
      const height = Math.max(50, p.height - (legend?.offsetHeight ?? 0));
      const root = svgRoot(p.width, height, p.ariaLabel);
      // An image's children are hidden from assistive technology; toggles must not be.
      if (column) root.setAttribute('role', 'group');
      const max = p.steps.reduce((m, s) => Math.max(m, s.value), 0) || 1;
      const pad = 8;
      const stepH = p.steps.length ? (height - pad * 2) / p.steps.length : 0;
      const full = p.width - pad * 2;
      const cx = p.width / 2;
      p.steps.forEach((s, i) => {
        // Each trapezoid narrows to the next step's width, which draws the funnel's slope.
        const top = (Math.max(0, s.value) / max) * full;
        const next = i + 1 < p.steps.length ? (Math.max(0, p.steps[i + 1].value) / max) * full : top * 0.8;
        const y0 = pad + i * stepH;
        const y1 = y0 + stepH - 2;
        const d = `M${cx - top / 2},${y0} L${cx + top / 2},${y0} L${cx + next / 2},${y1} L${cx - next / 2},${y1} Z`;
        const path = withTitle(svg('path', { d, fill: s.color, class: 'bi-funnel-step' }), s.tooltip);
        if (column) marks.add(path, `Filter by ${s.name}`, column, p.stepValues[i], p);
        root.append(path);
        // A narrow card cuts the label to its width (the step's tooltip has it whole).
        const label = truncateLabel(s.label, full - 4, p.theme.fontSize);
        if (label) root.append(text(label, { x: cx, y: (y0 + y1) / 2, 'text-anchor': 'middle', 'dominant-baseline': 'middle', fill: readableTextOn(s.color, p.theme.text), 'font-size': p.theme.fontSize }));
      });
      marks.highlight();
      body.append(h('div', {}, [root]));
    },
  });
}
