/**
 * The map's current view, told to the page: a deck chart's canvas dispatches DECK_VIEW_EVENT (bubbling,
 * crossing shadow roots) with the view after each pan, zoom or tilt, so Explore's viewport control can
 * offer "use the map's current view" without reaching into the chart.
 */
import type { DeckViewport } from './viewport';

/** Name of the event; its detail is a DeckViewport. */
export const DECK_VIEW_EVENT = 'bi-deck-viewchange';

/** Decimals kept per field: a saved viewport reads as numbers a person would type. */
const DECIMALS: Record<keyof DeckViewport, number> = { longitude: 5, latitude: 5, zoom: 2, pitch: 1, bearing: 1 };

/**
 * The view state deck.gl reports, as a saved viewport (rounded, the five fields only).
 *
 * @example
 * viewportOf({ longitude: 2.351234567, latitude: 48.8566, zoom: 11.2345, pitch: 0, bearing: 0, width: 800 }); // { longitude: 2.35123, latitude: 48.8566, zoom: 11.23, pitch: 0, bearing: 0 }
 */
export function viewportOf(viewState: Record<string, unknown>): DeckViewport {
  const out = {} as DeckViewport;
  for (const key of Object.keys(DECIMALS) as Array<keyof DeckViewport>) {
    const n = Number(viewState[key] ?? 0);
    const factor = 10 ** DECIMALS[key];
    out[key] = Number.isFinite(n) ? Math.round(n * factor) / factor : 0;
  }
  return out;
}

/** Tells the page the map now shows `viewState`. */
export function dispatchDeckView(canvas: HTMLElement, viewState: Record<string, unknown>): void {
  canvas.dispatchEvent(new CustomEvent(DECK_VIEW_EVENT, { bubbles: true, composed: true, detail: viewportOf(viewState) }));
}
