/**
 * The offline base map: the world's land and borders (world-atlas 1:110m, the world map's shapes, a lazy
 * chunk fetched once per page) painted on a 2D canvas under the deck canvas, and painted again whenever the
 * view moves. No tile server and no key: machines here reach none. A deployment's MapLibre style
 * (LUMEN_MAP_STYLE_URL) is drawn instead by style-base-map.ts; this map stays the fallback when that style
 * cannot be loaded.
 *
 * Why not a deck.gl GeoJsonLayer (what it was): its fill and stroke layers bring two more WebGL programs to
 * compile and draw in every chart's own context, and in Chromium's software WebGL that was most of a
 * 1M-point hexagon map's first draw (test/bench/deck.mjs: 2.9 s with the layer, 1.7 s without, against
 * 1.2 s for hand-written deck.gl). Projecting the ~10,000 points of the 1:110m shapes and painting them in
 * 2D takes a few milliseconds per view.
 */
import { WebMercatorViewport } from '@deck.gl/core';
import type { Geometry } from 'geojson';
import { loadWorldBorders, loadWorldCountries } from '../world-map/geometry';
import type { Rgba } from './colors';

/** Land and border colours, resolved from the chart's theme. */
export interface BaseMapColors {
  land: Rgba;
  border: Rgba;
}

/** The part of deck.gl's map view state the base map follows. */
export interface BaseMapView {
  longitude: number;
  latitude: number;
  zoom: number;
  pitch?: number;
  bearing?: number;
}

/** A ring or line as [longitude, latitude] points. */
type Line = number[][];

/** The loaded shapes: each country's rings (filled one country at a time) and the borders, each once. */
export interface OfflineBaseMap {
  /** Paints the map as seen in `view` on `canvas`, sized `width` x `height` CSS pixels. */
  paint(canvas: HTMLCanvasElement, view: BaseMapView, width: number, height: number, colors: BaseMapColors): void;
}

let loading: Promise<OfflineBaseMap> | undefined;

/**
 * The base map, once the country shapes are in (the same promise for every chart of the page); rejects
 * when they cannot be loaded.
 *
 * @example
 * (await loadOfflineBaseMap()).paint(canvas, { longitude: 10, latitude: 50, zoom: 3 }, 400, 300, colors);
 */
export function loadOfflineBaseMap(): Promise<OfflineBaseMap> {
  loading ??= Promise.all([loadWorldCountries(), loadWorldBorders()]).then(([countries, borders]) => {
    const land = countries.map((country) => ringsOf(country.geometry));
    return { paint: (canvas, view, width, height, colors) => paintMap(canvas, view, width, height, colors, land, borders) };
  });
  // A failed download may be tried again by the next chart.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Every ring of a country's polygon or polygons (holes included: they are filled even-odd). */
export function ringsOf(geometry: Geometry | null): Line[] {
  if (geometry?.type === 'Polygon') return geometry.coordinates;
  if (geometry?.type === 'MultiPolygon') return geometry.coordinates.flat();
  return [];
}

const css = ([r, g, b, a]: Rgba): string => `rgba(${r},${g},${b},${(a ?? 255) / 255})`;

function paintMap(canvas: HTMLCanvasElement, view: BaseMapView, width: number, height: number, colors: BaseMapColors, land: Line[][], borders: Line[]): void {
  const ratio = globalThis.devicePixelRatio || 1;
  // Sized only when the map's size changes: setting a canvas's size reallocates it, and panning paints every frame.
  const [pixelWidth, pixelHeight] = [Math.round(width * ratio), Math.round(height * ratio)];
  if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
    Object.assign(canvas, { width: pixelWidth, height: pixelHeight });
    Object.assign(canvas.style, { width: `${width}px`, height: `${height}px` });
  }
  const context = canvas.getContext('2d');
  // No 2D context (a test DOM): the chart still draws, on a blank ground.
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  const viewport = new WebMercatorViewport({ width, height, ...view });
  const trace = (line: Line, closed: boolean) => {
    line.forEach((point, i) => {
      const [x, y] = viewport.project(point as [number, number]);
      if (i === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    });
    if (closed) context.closePath();
  };
  context.fillStyle = css(colors.land);
  for (const rings of land) {
    context.beginPath();
    for (const ring of rings) trace(ring, true);
    context.fill('evenodd');
  }
  context.strokeStyle = css(colors.border);
  context.lineWidth = 1;
  context.beginPath();
  for (const line of borders) trace(line, false);
  context.stroke();
}
