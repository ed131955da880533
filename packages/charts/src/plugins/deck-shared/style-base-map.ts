/**
 * The configured base map: a MapLibre map of the deployment's style URL (LUMEN_MAP_STYLE_URL) drawn in its
 * own canvas under the deck canvas, following the deck view. Its own lazy chunk (maplibre-gl), imported only
 * when a style URL is configured (render.ts), never on the default offline path; scripts/bundle-budgets.mjs
 * counts it apart from a deck type's first load.
 */
import { Map as MapLibreMap } from 'maplibre-gl';

/** The view both canvases show (deck.gl's and MapLibre's zooms agree: 512-pixel tiles). */
export interface StyleView {
  longitude: number;
  latitude: number;
  zoom: number;
  pitch?: number;
  bearing?: number;
}

/** A MapLibre base map under the deck canvas. */
export interface StyleBaseMap {
  /** Moves the map to the deck's view. */
  setView(view: StyleView): void;
  resize(width: number, height: number): void;
  /** The style's sources' attributions (shown under the chart). */
  attribution: string;
  remove(): void;
}

/** How long a style may take to load before the chart gives up on it and draws the offline base map. */
export const STYLE_LOAD_TIMEOUT_MS = 10_000;

const camera = (view: StyleView) => ({
  center: [view.longitude, view.latitude] as [number, number],
  zoom: view.zoom,
  pitch: Math.min(85, Math.max(0, view.pitch ?? 0)),
  bearing: view.bearing ?? 0,
});

/** Attribution text of the loaded style's sources, tags stripped. */
function attributionOf(map: MapLibreMap): string {
  const sources = Object.values(map.getStyle()?.sources ?? {}) as Array<{ attribution?: unknown }>;
  const texts = [...new Set(sources.map((s) => (typeof s.attribution === 'string' ? s.attribution : '')).filter(Boolean))];
  return texts.join(' · ').replace(/<[^>]*>/g, '');
}

/**
 * Loads `styleUrl` into `container` at `view`; resolves once the style is loaded and the map has drawn,
 * rejects (the map removed) when the style cannot be fetched or parsed, or after STYLE_LOAD_TIMEOUT_MS.
 *
 * @example
 * const base = await loadStyleBaseMap(div, 'https://tiles.example.com/style.json', { longitude: 0, latitude: 0, zoom: 1 });
 */
export function loadStyleBaseMap(container: HTMLElement, styleUrl: string, view: StyleView, timeoutMs = STYLE_LOAD_TIMEOUT_MS): Promise<StyleBaseMap> {
  return new Promise((resolve, reject) => {
    let map: MapLibreMap;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        map?.remove();
      } catch {
        // A map that failed while being built has nothing left to free.
      }
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const timer = setTimeout(() => fail(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    try {
      map = new MapLibreMap({
        container,
        style: styleUrl,
        ...camera(view),
        // The deck canvas above takes the pointer; this map only follows its view.
        interactive: false,
        attributionControl: false,
        // Kept for report screenshots and canvas checks, like the deck canvas.
        canvasContextAttributes: { preserveDrawingBuffer: true },
        fadeDuration: 0,
      });
    } catch (error) {
      fail(error);
      return;
    }
    // Before the style is in, any error (refused, 404, bad JSON, a style MapLibre rejects) is the style's.
    map.on('error', (event: { error?: Error }) => {
      if (!map.isStyleLoaded()) fail(event.error ?? new Error('the style could not be loaded'));
    });
    map.once('load', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        setView: (next) => map.jumpTo(camera(next)),
        resize: () => map.resize(),
        attribution: attributionOf(map),
        remove: () => map.remove(),
      });
    });
  });
}
