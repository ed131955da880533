/**
 * The incumbent's spatial control (form data `spatial`, `start_spatial`, `end_spatial`): where a row's
 * point is, as longitude and latitude columns, one delimited "lat,lon" column, or a geohash column.
 */
import type { ChartDataResponseResult, QueryFormColumn } from '@lumen-bi/core';
import { resultColumn, resultLength } from '../../shared/records';
import { decodeGeohash } from './geohash';
import type { SkippedRows } from './skipped-rows';

/** The saved spatial control value. */
export type Spatial =
  | { type: 'latlong'; lonCol: string; latCol: string }
  | { type: 'delimited'; lonlatCol: string; reverseCheckbox?: boolean }
  | { type: 'geohash'; geohashCol: string; reverseCheckbox?: boolean };

/** A point as deck.gl takes it: [longitude, latitude]. */
export type LonLat = [number, number];

/** Skip reasons, as shown under the chart. */
export const SKIP_REASON = {
  missing: 'missing coordinates',
  nonNumeric: 'non-numeric coordinates',
  outOfRange: 'coordinates out of range',
  geohash: 'unknown geohash',
} as const;

/**
 * The spatial control named `name` checked: a clear error naming the control when it is unset or
 * incomplete (the incumbent's validator says the same of an empty spatial control).
 *
 * @example
 * requireSpatial({ spatial: { type: 'latlong', lonCol: 'lon', latCol: 'lat' } }, 'spatial', 'Longitude & Latitude');
 */
export function requireSpatial(formData: Record<string, unknown>, name: string, label: string): Spatial {
  const value = formData[name] as Partial<Record<string, unknown>> | null | undefined;
  if (!value || typeof value !== 'object') throw new Error(`${label} cannot be empty`);
  const need = (...keys: string[]) => {
    for (const key of keys) if (typeof value[key] !== 'string' || !value[key]) throw new Error(`${label}: ${key} cannot be empty`);
  };
  if (value.type === 'latlong') need('lonCol', 'latCol');
  else if (value.type === 'delimited') need('lonlatCol');
  else if (value.type === 'geohash') need('geohashCol');
  else throw new Error(`${label}: unknown type ${JSON.stringify(value.type)} (latlong, delimited or geohash)`);
  return value as unknown as Spatial;
}

/**
 * The columns a spatial control reads, for the query.
 *
 * @example
 * spatialColumns({ type: 'latlong', lonCol: 'lon', latCol: 'lat' }); // ['lon', 'lat']
 */
export function spatialColumns(spatial: Spatial): QueryFormColumn[] {
  if (spatial.type === 'latlong') return [spatial.lonCol, spatial.latCol];
  return [spatial.type === 'delimited' ? spatial.lonlatCol : spatial.geohashCol];
}

/**
 * A row's point, or undefined after counting the reason it has none in `skipped`.
 *
 * @example
 * rowPoint({ lon: '2.35', lat: 48.85 }, { type: 'latlong', lonCol: 'lon', latCol: 'lat' }, skipped); // [2.35, 48.85]
 */
export function rowPoint(row: Record<string, unknown>, spatial: Spatial, skipped: SkippedRows): LonLat | undefined {
  const point = readPoint(row, spatial);
  if (typeof point === 'string') {
    skipped.add(point);
    return undefined;
  }
  return point;
}

function readPoint(row: Record<string, unknown>, spatial: Spatial): LonLat | string {
  if (spatial.type === 'latlong') return checked(row[spatial.lonCol], row[spatial.latCol]);
  if (spatial.type === 'geohash') return geohashPoint(row[spatial.geohashCol]);
  return delimitedPoint(row[spatial.lonlatCol], spatial.reverseCheckbox);
}

function geohashPoint(hash: unknown): LonLat | string {
  if (hash === null || hash === undefined || hash === '') return SKIP_REASON.missing;
  return (typeof hash === 'string' && decodeGeohash(hash)) || SKIP_REASON.geohash;
}

function delimitedPoint(text: unknown, reverse: boolean | undefined): LonLat | string {
  if (text === null || text === undefined || text === '') return SKIP_REASON.missing;
  const parts = String(text).split(/[,;\s]+/).filter(Boolean);
  if (parts.length !== 2) return SKIP_REASON.nonNumeric;
  // The delimited value is "lat,lon" (the incumbent parses it as a geographic point); reverse reads "lon,lat".
  const [lat, lon] = reverse ? [parts[1], parts[0]] : parts;
  return checked(lon, lat);
}

/**
 * Every row's point of a result, read from its columns (a columnar result's own arrays: no record is built,
 * which for a million points was most of a hexagon map's transformProps), undefined for a row without one,
 * whose reason is counted in `skipped`. Records results are read the same way, a column at a time.
 *
 * @example
 * resultPoints({ colnames: ['lon', 'lat'], columns: [[2.35], [48.85]], ... }, latlong, skipped); // [[2.35, 48.85]]
 */
export function resultPoints(result: ChartDataResponseResult | undefined, spatial: Spatial, skipped: SkippedRows): Array<LonLat | undefined> {
  const column = (name: string): ArrayLike<unknown> => resultColumn(result, name) ?? [];
  const points = new Array<LonLat | undefined>(resultLength(result));
  const keep = (point: LonLat | string): LonLat | undefined => (typeof point === 'string' ? void skipped.add(point) : point);
  if (spatial.type === 'latlong') {
    const [lon, lat] = [column(spatial.lonCol), column(spatial.latCol)];
    for (let i = 0; i < points.length; i++) points[i] = keep(checked(lon[i], lat[i]));
  } else if (spatial.type === 'geohash') {
    const hashes = column(spatial.geohashCol);
    for (let i = 0; i < points.length; i++) points[i] = keep(geohashPoint(hashes[i]));
  } else {
    const texts = column(spatial.lonlatCol);
    for (let i = 0; i < points.length; i++) points[i] = keep(delimitedPoint(texts[i], spatial.reverseCheckbox));
  }
  return points;
}

/** A longitude/latitude pair as numbers within range, or the reason it is not one. */
export function checked(lonValue: unknown, latValue: unknown): LonLat | string {
  if (lonValue === null || lonValue === undefined || lonValue === '' || latValue === null || latValue === undefined || latValue === '') return SKIP_REASON.missing;
  const lon = typeof lonValue === 'number' ? lonValue : typeof lonValue === 'string' ? Number(lonValue) : NaN;
  const lat = typeof latValue === 'number' ? latValue : typeof latValue === 'string' ? Number(latValue) : NaN;
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return SKIP_REASON.nonNumeric;
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return SKIP_REASON.outOfRange;
  return [lon, lat];
}
