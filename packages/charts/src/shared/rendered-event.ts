/**
 * DOM event dispatched on the host element after each completed draw ("rendering succeeded"). A module of
 * its own: the chart containers listen for it before any plugin has loaded, and importing it from mount.ts
 * would put the drawing code (mount.ts, dom.ts) in every page's first load.
 *
 * A draw that cannot complete after render() has returned (its lazily loaded drawing code failed to
 * download, WebGL refused the map) ends with the same event carrying `detail.error`: the containers then
 * show the failure and report it, instead of waiting for a "rendered" that never comes.
 */
export const RENDERED_EVENT = 'bi-chart-rendered';

/** The rendered event's detail: `error` is set when the draw failed. */
export interface RenderedEventDetail {
  error?: unknown;
}

/**
 * Ends the current draw of the chart in `element` with `error` (see RENDERED_EVENT).
 *
 * @example
 * import('./drawing').catch((error) => dispatchRenderFailed(element, error));
 */
export function dispatchRenderFailed(element: HTMLElement, error: unknown): void {
  element.dispatchEvent(new CustomEvent<RenderedEventDetail>(RENDERED_EVENT, { bubbles: true, composed: true, detail: { error } }));
}
