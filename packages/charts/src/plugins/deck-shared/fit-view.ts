/** The view a deck chart opens on: the saved viewport, or fitted to the data's bounds (autozoom). */
import { WebMercatorViewport } from '@deck.gl/core';
import type { DeckViewport, LonLatBounds } from './viewport';

/** Autozoom stops here: a single point (or a few close ones) would otherwise zoom in without end. */
const MAX_FIT_ZOOM = 12;

/**
 * The view state of a `width` x `height` map: `viewport`, or centred and zoomed on `bounds` keeping the
 * saved pitch and bearing.
 *
 * @example
 * initialView({ longitude: 0, latitude: 0, zoom: 1, pitch: 0, bearing: 0 }, [[-10, 40], [10, 50]], 800, 600).zoom; // about 5
 */
export function initialView(viewport: DeckViewport, bounds: LonLatBounds | null, width: number, height: number): DeckViewport {
  if (!bounds || width < 40 || height < 40) return viewport;
  const [[west, south], [east, north]] = bounds;
  if (west === east && south === north) return { ...viewport, longitude: west, latitude: south, zoom: Math.max(viewport.zoom, 8) };
  const padding = Math.min(40, Math.floor(Math.min(width, height) / 8));
  const fitted = new WebMercatorViewport({ width, height }).fitBounds(bounds, { padding });
  if (![fitted.longitude, fitted.latitude, fitted.zoom].every(Number.isFinite)) return viewport;
  return { ...viewport, longitude: fitted.longitude, latitude: fitted.latitude, zoom: Math.max(0, Math.min(MAX_FIT_ZOOM, fitted.zoom)) };
}
