/**
 * Zoom and pan of a map drawn in one SVG group: the wheel zooms about the pointer, a drag pans, and the
 * keyboard (focus on the map) zooms with + and -, pans with the arrows and resets with 0. Hand-written
 * because the few handlers cost less than d3-zoom and its selection/transition dependencies.
 */

/** A view transform: translate then scale. */
export interface View {
  x: number;
  y: number;
  k: number;
}

const MIN_SCALE = 1;
const MAX_SCALE = 12;
const KEY_PAN = 40;
const KEY_ZOOM = 1.5;
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD = 4;

/**
 * The view after zooming by `factor` about the point (px, py), the scale clamped to [1, 12] and the map
 * kept overlapping the viewport.
 *
 * @example
 * zoomAbout({ x: 0, y: 0, k: 1 }, 2, 100, 50, 400, 200); // { x: -100, y: -50, k: 2 }
 */
export function zoomAbout(view: View, factor: number, px: number, py: number, width: number, height: number): View {
  const k = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.k * factor));
  const f = k / view.k;
  return clampView({ k, x: px - (px - view.x) * f, y: py - (py - view.y) * f }, width, height);
}

/**
 * Keeps the scaled map covering the viewport: no panning past its edges.
 *
 * @example
 * clampView({ x: 50, y: 0, k: 2 }, 400, 200); // { x: 0, y: 0, k: 2 }
 */
export function clampView(view: View, width: number, height: number): View {
  const clamp = (v: number, size: number) => Math.min(0, Math.max(size - size * view.k, v));
  return { k: view.k, x: clamp(view.x, width), y: clamp(view.y, height) };
}

/** The view after a key press, or null for a key the map does not handle. */
export function viewAfterKey(view: View, key: string, width: number, height: number): View | null {
  switch (key) {
    case '+':
    case '=':
      return zoomAbout(view, KEY_ZOOM, width / 2, height / 2, width, height);
    case '-':
    case '_':
      return zoomAbout(view, 1 / KEY_ZOOM, width / 2, height / 2, width, height);
    case '0':
      return { x: 0, y: 0, k: 1 };
    case 'ArrowLeft':
      return clampView({ ...view, x: view.x + KEY_PAN }, width, height);
    case 'ArrowRight':
      return clampView({ ...view, x: view.x - KEY_PAN }, width, height);
    case 'ArrowUp':
      return clampView({ ...view, y: view.y + KEY_PAN }, width, height);
    case 'ArrowDown':
      return clampView({ ...view, y: view.y - KEY_PAN }, width, height);
    default:
      return null;
  }
}

/**
 * Wires the handlers on `surface` (the focusable <svg>) to move `layer`. Returns whether the last press was
 * a drag, so a click that ends a pan does not also cross-filter.
 */
export function attachZoom(surface: SVGSVGElement, layer: SVGGElement, width: number, height: number): { wasDrag(): boolean } {
  let view: View = { x: 0, y: 0, k: 1 };
  let press: { x: number; y: number; view: View } | null = null;
  let dragged = false;
  const apply = (next: View) => {
    view = next;
    layer.setAttribute('transform', `translate(${view.x},${view.y}) scale(${view.k})`);
  };
  const local = (e: MouseEvent) => {
    const box = surface.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  surface.addEventListener('wheel', (e) => {
    e.preventDefault();
    const at = local(e);
    apply(zoomAbout(view, Math.exp(-e.deltaY / 300), at.x, at.y, width, height));
  }, { passive: false });
  surface.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    press = { ...local(e), view };
    dragged = false;
  });
  surface.addEventListener('pointermove', (e) => {
    if (!press) return;
    const at = local(e);
    if (!dragged && Math.hypot(at.x - press.x, at.y - press.y) < DRAG_THRESHOLD) return;
    if (!dragged) surface.setPointerCapture?.(e.pointerId);
    dragged = true;
    apply(clampView({ k: press.view.k, x: press.view.x + at.x - press.x, y: press.view.y + at.y - press.y }, width, height));
  });
  const release = () => {
    press = null;
  };
  surface.addEventListener('pointerup', release);
  surface.addEventListener('pointercancel', release);
  surface.addEventListener('keydown', (e) => {
    // Keys pressed on a country are its own (Enter/Space) unless they move the map.
    const next = viewAfterKey(view, e.key, width, height);
    if (!next) return;
    e.preventDefault();
    apply(next);
  });
  return { wasDrag: () => dragged };
}
