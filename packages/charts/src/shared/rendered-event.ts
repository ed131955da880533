/**
 * DOM event dispatched on the host element after each completed draw ("rendering succeeded"). A module of
 * its own: the chart containers listen for it before any plugin has loaded, and importing it from mount.ts
 * would put the drawing code (mount.ts, dom.ts) in every page's first load.
 */
export const RENDERED_EVENT = 'bi-chart-rendered';
