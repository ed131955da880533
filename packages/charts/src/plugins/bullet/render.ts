/**
 * Bullet renderer (SVG): ranges as shaded bands behind, the measure as a slim bar, markers as triangles and
 * marker lines as ticks across the band, and an axis below. Every mark is focusable and labelled, with a
 * native tooltip carrying its label and value.
 */
import { h, svg } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { linearScale } from '../svg-common/scales';
import { bulletGeometry } from './geometry';
import type { BulletMark, BulletProps } from './types';

/** A labelled, focusable mark with its tooltip. */
function labelled<E extends SVGElement>(el: E, mark: BulletMark): E {
  el.setAttribute('tabindex', '0');
  el.setAttribute('aria-label', `${mark.label}: ${mark.formatted}`);
  el.append(Object.assign(svg('title'), { textContent: `${mark.label}: ${mark.formatted}` }));
  return el;
}

function drawBullet(p: BulletProps): SVGSVGElement {
  const g = bulletGeometry(p.width, p.height);
  const x = linearScale(p.domain, [g.left, g.right]);
  const root = svg('svg', { width: p.width, height: p.height, role: 'img', 'aria-label': p.ariaLabel, style: 'display:block;overflow:visible' });
  // The domain always holds zero: bars and ranges grow from it, left for negatives.
  const from = x(0);
  // Ranges largest first, lighter to darker, so each smaller range reads on top of the larger one.
  p.ranges.forEach((r, i) => {
    const x0 = Math.min(from, x(r.value));
    const rect = svg('rect', { x: x0, y: g.top, width: Math.abs(x(r.value) - from), height: g.band, fill: 'currentColor', 'fill-opacity': 0.1 + 0.08 * i, class: 'bi-bullet-range' });
    root.append(labelled(rect, r));
  });
  const barHeight = g.band / 3;
  for (const m of p.measures) {
    const bar = svg('rect', { x: Math.min(from, x(m.value)), y: g.top + barHeight, width: Math.max(1, Math.abs(x(m.value) - from)), height: barHeight, fill: p.measureColor, class: 'bi-bullet-measure' });
    root.append(labelled(bar, m));
  }
  for (const line of p.markerLines) {
    root.append(labelled(svg('line', { x1: x(line.value), x2: x(line.value), y1: g.top + 2, y2: g.top + g.band - 2, stroke: p.theme.text, 'stroke-width': 2, class: 'bi-bullet-marker-line' }), line));
  }
  const size = Math.max(5, Math.min(9, g.band / 6));
  for (const marker of p.markers) {
    const cx = x(marker.value);
    const y = g.top + g.band;
    const points = `${cx},${y - size * 1.4} ${cx - size},${y} ${cx + size},${y}`;
    root.append(labelled(svg('polygon', { points, fill: p.theme.background, stroke: p.theme.text, 'stroke-width': 1.5, class: 'bi-bullet-marker' }), marker));
  }
  for (const tick of x.ticks(Math.max(2, Math.floor((g.right - g.left) / 70)))) {
    root.append(svg('line', { x1: x(tick), x2: x(tick), y1: g.top + g.band, y2: g.top + g.band + 4, stroke: p.theme.grid }));
    root.append(Object.assign(svg('text', { x: x(tick), y: g.tickY, 'text-anchor': 'middle', fill: p.theme.mutedText, 'font-size': 11 }), { textContent: p.formatTick(tick) }));
  }
  return root;
}

/**
 * @example
 * renderBullet(container, transformBulletProps(input));
 */
export function renderBullet(element: HTMLElement, props: BulletProps): ChartInstance<BulletProps> {
  return mountChart(element, props, {
    draw(body, p) {
      body.replaceChildren(h('div', { class: 'bi-bullet', style: 'position:relative' }, [drawBullet(p)]));
    },
  });
}
