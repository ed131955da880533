/**
 * Category labels turned by an angle (the incumbent's x_ticks_layout '45°' and '90°'): every label is
 * shown, read downwards from its band's centre, and cut to the room under the plot.
 */
import { svg } from '../../shared/dom';
import { CATEGORY_LABEL_MAX, estimateLabelWidth, truncateLabel } from '../../shared/label-fit';
import type { ChartTheme } from '../../types';
import { text, withTitle } from './svg';

/**
 * Height the turned labels need below the plot, capped at CATEGORY_LABEL_MAX.
 *
 * @example
 * rotatedAxisHeight(['Classic Cars'], 45, 11); // ~52
 */
export function rotatedAxisHeight(labels: string[], angle: number, fontPx: number): number {
  const widest = labels.reduce((w, l) => Math.max(w, Math.min(CATEGORY_LABEL_MAX, estimateLabelWidth(l, fontPx))), 0);
  const rad = (angle * Math.PI) / 180;
  return Math.ceil(widest * Math.sin(rad) + fontPx * Math.cos(rad)) + 8;
}

/**
 * Labels turned by `angle` degrees, each ending at its band's centre just under the plot.
 *
 * @example
 * plot.append(rotatedCategoryAxis(['a', 'b'], (i) => x.start(i) + x.bandwidth / 2, height - m.bottom + 6, 45, theme));
 */
export function rotatedCategoryAxis(labels: string[], center: (i: number) => number, y: number, angle: number, theme: ChartTheme): SVGGElement {
  const fontPx = theme.fontSize - 1;
  const g = svg('g', { class: 'bi-axis bi-axis-category', 'font-size': fontPx, fill: theme.mutedText });
  labels.forEach((label, i) => {
    const shown = truncateLabel(label, CATEGORY_LABEL_MAX, fontPx);
    if (!shown) return;
    const x = center(i);
    const t = text(shown, { x, y, 'text-anchor': 'end', 'dominant-baseline': 'middle', transform: `rotate(${-angle} ${x} ${y})` });
    g.append(shown === label ? t : withTitle(t, label));
  });
  return g;
}
