/**
 * The projection a country is drawn in: conformal Mercator as the incumbent draws every country, except
 * the USA in Albers USA, whose insets bring Alaska and Hawaii beside the contiguous states (in Mercator
 * Alaska alone would take most of the map).
 */
import { geoAlbersUsa, geoMercator, type GeoProjection } from 'd3-geo';
import type { RegionFeature } from './shapes';

/**
 * The projection of `countryKey` fitted to width x height.
 *
 * @example
 * countryProjection('germany', features, 400, 300)([10, 51]); // [x, y] inside 400 x 300
 */
export function countryProjection(countryKey: string, features: RegionFeature[], width: number, height: number): GeoProjection {
  const projection = countryKey === 'usa' ? geoAlbersUsa() : geoMercator();
  return projection.fitSize([width, height], { type: 'FeatureCollection', features }) as GeoProjection;
}
