/**
 * The incumbent's line column (deck_path, deck_polygon): a JSON list of [lon, lat] pairs or a GeoJSON
 * geometry ('json'), a Google encoded polyline ('polyline'), or a geohash whose cell is drawn ('geohash');
 * reverse_long_lat reads the pairs as [lat, lon].
 */
import { geohashRing } from './geohash';
import { decodePolyline } from './polyline';
import { checked, SKIP_REASON, type LonLat } from './spatial';

/** line_type values. */
export type LineType = 'json' | 'polyline' | 'geohash';

/** Skip reason of a value that is not a geometry of its line type. */
export const UNREADABLE_GEOMETRY = 'unreadable geometry';

/**
 * line_type checked, 'json' when unset.
 *
 * @example
 * readLineType({ line_type: 'polyline' }); // 'polyline'
 */
export function readLineType(formData: Record<string, unknown>): LineType {
  const value = formData.line_type ?? 'json';
  if (value === 'json' || value === 'polyline' || value === 'geohash') return value;
  throw new Error(`Lines encoding: unknown type ${JSON.stringify(value)} (json, polyline or geohash)`);
}

/**
 * The rings (polygon) or lines (path) of a cell: each a list of [lon, lat], or the skip reason. A list of
 * pairs is one line; a GeoJSON LineString, Polygon, MultiLineString or MultiPolygon (bare or as a
 * Feature) gives its lines or outer rings.
 *
 * @example
 * parseLines('[[2.3, 48.8], [2.4, 48.9]]', 'json', false); // [[[2.3, 48.8], [2.4, 48.9]]]
 */
export function parseLines(value: unknown, type: LineType, reverse: boolean): LonLat[][] | string {
  if (value === null || value === undefined || value === '') return SKIP_REASON.missing;
  let lines: unknown[][] | null;
  if (type === 'polyline') lines = typeof value === 'string' ? wrap(decodePolyline(value)) : null;
  else if (type === 'geohash') lines = typeof value === 'string' ? wrap(geohashRing(value)) : null;
  else lines = jsonLines(value);
  if (!lines || !lines.length) return type === 'geohash' ? SKIP_REASON.geohash : UNREADABLE_GEOMETRY;
  const out: LonLat[][] = [];
  for (const line of lines) {
    const points: LonLat[] = [];
    for (const pair of line) {
      if (!Array.isArray(pair) || pair.length < 2) return UNREADABLE_GEOMETRY;
      // Polylines and geohashes decode to [lon, lat] already; reverse applies to the column's own pairs.
      const [lon, lat] = reverse && type === 'json' ? [pair[1], pair[0]] : [pair[0], pair[1]];
      const point = checked(lon, lat);
      if (typeof point === 'string') return point;
      points.push(point);
    }
    if (points.length < 2) return UNREADABLE_GEOMETRY;
    out.push(points);
  }
  return out;
}

function wrap<T>(line: T[] | null): T[][] | null {
  return line ? [line] : null;
}

function jsonLines(value: unknown): unknown[][] | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (Array.isArray(parsed)) return [parsed];
  if (!parsed || typeof parsed !== 'object') return null;
  const o = parsed as { type?: unknown; geometry?: unknown; coordinates?: unknown };
  if (o.type === 'Feature') return jsonLines(o.geometry);
  const c = o.coordinates as unknown[];
  if (!Array.isArray(c)) return null;
  if (o.type === 'LineString') return [c];
  if (o.type === 'MultiLineString') return c as unknown[][];
  if (o.type === 'Polygon') return c.slice(0, 1) as unknown[][];
  if (o.type === 'MultiPolygon') return (c as unknown[][][]).map((rings) => rings[0]);
  return null;
}

/**
 * line_width_unit checked, 'pixels' when unset.
 *
 * @example
 * lineWidthUnit({ line_width_unit: 'meters' }); // 'meters'
 */
export function lineWidthUnit(formData: Record<string, unknown>): 'meters' | 'pixels' {
  const unit = formData.line_width_unit ?? 'pixels';
  if (unit === 'meters' || unit === 'pixels') return unit;
  throw new Error(`Line width unit: unknown unit ${JSON.stringify(unit)} (meters or pixels)`);
}
