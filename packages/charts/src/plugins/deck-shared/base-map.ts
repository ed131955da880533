/**
 * The offline base map: the world's country outlines (world-atlas, the world map's shapes, a lazy chunk
 * fetched once per page) drawn as a deck.gl GeoJsonLayer under the chart's layers. No tile server and no
 * key: machines here reach none. A deployment's MapLibre style (LUMEN_MAP_STYLE_URL) is drawn instead by
 * style-base-map.ts; this map stays the fallback when that style cannot be loaded.
 */
import { GeoJsonLayer } from '@deck.gl/layers';
import { loadWorldCountries } from '../world-map/geometry';
import type { Rgba } from './colors';

/** Land and border colours, resolved from the chart's theme. */
export interface BaseMapColors {
  land: Rgba;
  border: Rgba;
}

/**
 * The base map layer, once the country shapes are in; rejects when they cannot be loaded.
 *
 * @example
 * const layer = await baseMapLayer({ land: [240, 240, 240, 255], border: [200, 200, 200, 255] });
 */
export async function baseMapLayer(colors: BaseMapColors): Promise<GeoJsonLayer> {
  const features = await loadWorldCountries();
  return new GeoJsonLayer({
    id: 'lumen-base-map',
    data: features,
    filled: true,
    stroked: true,
    getFillColor: colors.land,
    getLineColor: colors.border,
    lineWidthUnits: 'pixels',
    getLineWidth: 1,
    pickable: false,
  });
}
