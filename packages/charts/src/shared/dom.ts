/** Tiny DOM helpers shared by the renderers (no framework). */

/**
 * Creates an element with attributes and children.
 *
 * @example
 * h('div', { class: 'bi-legend', role: 'list' }, [h('span', {}, ['Sales'])]);
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  children: Array<Node | string> = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) el.append(c);
  return el;
}

/** SVG lengths that must not be negative (the browser rejects the element with an error otherwise). */
const NON_NEGATIVE = new Set(['width', 'height', 'r', 'rx', 'ry']);

/**
 * Creates an SVG element with attributes; a negative size (a band on a card narrower than its margins)
 * is drawn as 0 rather than rejected by the browser.
 */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(typeof v === 'number' && v < 0 && NON_NEGATIVE.has(k) ? 0 : v));
  return el;
}

/**
 * Coalesces redraw requests into one call per microtask, so update() then resize() in the same tick
 * draws once.
 *
 * @example
 * const schedule = createMicrotaskScheduler(() => draw());
 * schedule(); schedule(); // draw() runs once
 */
export function createMicrotaskScheduler(run: () => void): { schedule(): void; cancel(): void } {
  let pending = false;
  let cancelled = false;
  return {
    schedule() {
      if (pending || cancelled) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        if (!cancelled) run();
      });
    },
    cancel() {
      cancelled = true;
    },
  };
}

/**
 * Base styles of chart roots; inserted per root so charts also style correctly inside shadow roots. Colours are
 * the page's `--bi-*` theme tokens (light fallbacks), so tooltips and notices follow the theme. The root's
 * 1 ms colour transition lets mountChart notice a theme change (see watchThemeChanges).
 */
export const BASE_CHART_CSS = `
.bi-chart{position:relative;overflow:hidden;box-sizing:border-box;transition:color 1ms linear}
.bi-chart *{box-sizing:border-box}
.bi-legend{display:flex;flex-wrap:wrap;gap:4px 12px;padding:4px 8px;margin:0;list-style:none}
.bi-legend button{all:unset;cursor:pointer;display:inline-flex;align-items:center;gap:4px}
.bi-legend button[aria-pressed=false]{opacity:.4}
.bi-legend i{display:inline-block;width:10px;height:10px;border-radius:2px}
.bi-warning{font-size:11px;padding:2px 8px;background:var(--bi-color-warning-light,#fff2ec);color:var(--bi-color-warning-dark,#7a3e1f)}
`;
