/**
 * Zoom and pan of the graph chart (the incumbent's `roam`: true for both, 'scale' for zoom only, 'move' for
 * pan only): the wheel zooms around the pointer, a drag moves the view. The view lives in the renderer, so
 * a redraw (resize, legend toggle, cross filter) keeps it; a drag that moved swallows its click, so panning
 * never toggles a cross filter.
 */

/** Which gestures a graph answers. */
export type Roam = 'both' | 'scale' | 'move' | 'none';

/** A view transform: scale k, then translate (x, y). */
export interface View {
  k: number;
  x: number;
  y: number;
}

const MIN_SCALE = 0.25;
const MAX_SCALE = 8;
/** Pointer travel in px before a press counts as a drag. */
const DRAG_THRESHOLD = 3;

/**
 * The roam setting of saved form data.
 *
 * @example
 * parseRoam(true); // 'both'
 * parseRoam('scale'); // 'scale'
 */
export function parseRoam(value: unknown): Roam {
  if (value === true || value === 'true') return 'both';
  return value === 'scale' || value === 'move' ? value : 'none';
}

/**
 * The view after zooming by `factor` around (px, py), the point under the pointer staying put.
 *
 * @example
 * zoomAt({ k: 1, x: 0, y: 0 }, 2, 100, 50); // { k: 2, x: -100, y: -50 }
 */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const k = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.k * factor));
  const ratio = k / view.k;
  return { k, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/** The SVG transform of a view. */
export const viewTransform = (v: View): string => `translate(${v.x.toFixed(1)},${v.y.toFixed(1)}) scale(${v.k.toFixed(3)})`;

/**
 * Wires the gestures `roam` allows on `surface`, moving `target` and reporting each new view.
 *
 * @example
 * attachRoam(root, group, 'both', () => view, (v) => { view = v; });
 */
export function attachRoam(surface: SVGSVGElement, target: SVGGElement, roam: Roam, get: () => View, set: (view: View) => void): void {
  if (roam === 'none') return;
  const apply = (v: View) => {
    set(v);
    target.setAttribute('transform', viewTransform(v));
  };
  const local = (e: MouseEvent): [number, number] => {
    const box = surface.getBoundingClientRect();
    // Synthetic wheel events (tests, assistive tools) may carry no pointer position: zoom around the corner then.
    return [(e.clientX || 0) - box.left, (e.clientY || 0) - box.top];
  };
  if (roam !== 'move') {
    surface.addEventListener('wheel', (e) => {
      e.preventDefault();
      apply(zoomAt(get(), Math.exp(-e.deltaY * 0.002), ...local(e)));
    }, { passive: false });
  }
  if (roam === 'scale') return;
  let press: { x: number; y: number; view: View; dragging: boolean } | null = null;
  surface.addEventListener('pointerdown', (e) => {
    press = { x: e.clientX, y: e.clientY, view: get(), dragging: false };
  });
  surface.addEventListener('pointermove', (e) => {
    if (!press || !(e.buttons & 1)) return;
    const [dx, dy] = [e.clientX - press.x, e.clientY - press.y];
    if (!press.dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    press.dragging = true;
    apply({ ...press.view, x: press.view.x + dx, y: press.view.y + dy });
  });
  surface.addEventListener('pointerup', () => {
    if (press?.dragging) surface.addEventListener('click', (e) => e.stopPropagation(), { capture: true, once: true });
    press = null;
  });
}
