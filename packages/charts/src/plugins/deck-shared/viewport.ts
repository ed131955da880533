/** The saved map viewport (form data `viewport`, the incumbent's names) and fitting it to the data. */
import type { LonLat } from './spatial';

/** Where the map looks: the incumbent's viewport control value. */
export interface DeckViewport {
  longitude: number;
  latitude: number;
  zoom: number;
  pitch: number;
  bearing: number;
}

/** The incumbent's default viewport (the whole world, level). */
export const DEFAULT_VIEWPORT: DeckViewport = Object.freeze({ longitude: 6.85, latitude: 31.22, zoom: 1, pitch: 0, bearing: 0 });

/** Each field's allowed range (the incumbent's control accepts these). */
export const VIEWPORT_RANGES: Readonly<Record<keyof DeckViewport, readonly [number, number]>> = {
  longitude: [-180, 180],
  latitude: [-90, 90],
  zoom: [0, 24],
  pitch: [0, 85],
  bearing: [-360, 360],
};

/**
 * The saved viewport with defaults for what is unset; a set value that is not a number in its range is a
 * named error (a hand-edited or corrupted form data), not a blank map.
 *
 * @example
 * readViewport({ longitude: -122.4, latitude: 37.8, zoom: 11 }); // { longitude: -122.4, latitude: 37.8, zoom: 11, pitch: 0, bearing: 0 }
 * readViewport({ zoom: 'far' }); // throws 'Viewport: zoom must be a number from 0 to 24'
 */
export function readViewport(value: unknown): DeckViewport {
  if (value === undefined || value === null) return { ...DEFAULT_VIEWPORT };
  if (typeof value !== 'object') throw new Error('Viewport must be an object with longitude, latitude, zoom, pitch and bearing');
  const saved = value as Partial<Record<keyof DeckViewport, unknown>>;
  const viewport = { ...DEFAULT_VIEWPORT };
  for (const key of Object.keys(VIEWPORT_RANGES) as Array<keyof DeckViewport>) {
    const v = saved[key];
    if (v === undefined || v === null) continue;
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    const [min, max] = VIEWPORT_RANGES[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) throw new Error(`Viewport: ${key} must be a number from ${min} to ${max}`);
    viewport[key] = n;
  }
  return viewport;
}

/** South-west and north-east corners of a set of points. */
export type LonLatBounds = [LonLat, LonLat];

/**
 * The bounds of the points, or null without any (autozoom then keeps the saved viewport).
 *
 * @example
 * pointBounds([[2, 48], [-3, 51]]); // [[-3, 48], [2, 51]]
 */
export function pointBounds(points: Iterable<LonLat>): LonLatBounds | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lon, lat] of points) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return west <= east ? [[west, south], [east, north]] : null;
}
