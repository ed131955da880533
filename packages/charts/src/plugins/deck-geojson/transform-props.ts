/** Query and chart-data response -> the deck GeoJSON map's features. */
import { getColumnLabel, type QueryContext, type QueryFormColumn, type QueryFormData } from '@lumen-bi/core';
import type { Feature, Geometry } from 'geojson';
import { getRecords } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { deckQuery } from '../deck-shared/build-query';
import { toRgba, type Rgba } from '../deck-shared/colors';
import { lineWidthUnit, UNREADABLE_GEOMETRY } from '../deck-shared/line-geometry';
import { deckBaseProps, positiveNumber } from '../deck-shared/props';
import { SkippedRows } from '../deck-shared/skipped-rows';
import type { LonLat } from '../deck-shared/spatial';
import type { DeckProps } from '../deck-shared/types';

/** Render props of deck_geojson. */
export interface DeckGeojsonProps extends DeckProps {
  features: Feature<Geometry, Record<string, unknown> | null>[];
  fill: Rgba;
  stroke: Rgba;
  filled: boolean;
  stroked: boolean;
  extruded: boolean;
  lineWidth: number;
  widthUnits: 'meters' | 'pixels';
  pointRadiusScale: number;
}

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

/**
 * Raw rows of the geojson column (the incumbent's GeoJSON query).
 *
 * @example
 * buildDeckGeojsonQuery({ datasource: '1__table', viz_type: 'deck_geojson', geojson: 'shape' }).queries[0].columns; // ['shape']
 */
export function buildDeckGeojsonQuery(formData: QueryFormData): QueryContext {
  return deckQuery(formData, { spatialColumns: [requireControl<QueryFormColumn>(formData, 'geojson', 'GeoJson Column')] });
}

/**
 * The features of every row (a Feature, a FeatureCollection or a bare geometry, as JSON text or an
 * object); a value that is none of these is counted in the notice.
 *
 * @example
 * transformDeckGeojsonProps(input).features[0].geometry.type; // 'Polygon'
 */
export function transformDeckGeojsonProps(input: TransformPropsInput): DeckGeojsonProps {
  const fd = input.formData;
  const column = getColumnLabel(requireControl<QueryFormColumn>(fd, 'geojson', 'GeoJson Column'));
  requireResultColumns(input.queriesData[0], [column]);
  const skipped = new SkippedRows();
  const features: DeckGeojsonProps['features'] = [];
  for (const row of getRecords(input.queriesData)) {
    const found = readFeatures(row[column]);
    if (found) features.push(...found);
    else skipped.add(row[column] === null || row[column] === undefined || row[column] === '' ? 'missing geometry' : UNREADABLE_GEOMETRY);
  }
  return {
    ...deckBaseProps(input, `GeoJSON map of ${features.length} features`, features.flatMap((f) => coordinates(f.geometry)), skipped),
    features,
    fill: toRgba(fd.fill_color_picker, [0, 122, 135, 200]),
    stroke: toRgba(fd.stroke_color_picker, [0, 60, 70, 255]),
    filled: fd.filled !== false,
    stroked: fd.stroked !== false,
    extruded: fd.extruded === true,
    lineWidth: positiveNumber(fd, 'line_width', 'Line width', 1),
    widthUnits: lineWidthUnit(fd),
    pointRadiusScale: positiveNumber(fd, 'point_radius_scale', 'Point Radius Scale', 100),
  };
}

function readFeatures(value: unknown): DeckGeojsonProps['features'] | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const o = parsed as { type?: string; features?: unknown[]; geometry?: unknown };
  if (o.type === 'FeatureCollection' && Array.isArray(o.features)) {
    const all = o.features.map(readFeatures);
    return all.every(Boolean) ? all.flat() as DeckGeojsonProps['features'] : null;
  }
  if (o.type === 'Feature') return isGeometry(o.geometry) ? [parsed as DeckGeojsonProps['features'][number]] : null;
  return isGeometry(parsed) ? [{ type: 'Feature', geometry: parsed, properties: {} }] : null;
}

function isGeometry(value: unknown): value is Geometry {
  const g = value as { type?: unknown; coordinates?: unknown; geometries?: unknown } | null;
  return Boolean(g && typeof g.type === 'string' && GEOMETRY_TYPES.has(g.type) && (Array.isArray(g.coordinates) || Array.isArray(g.geometries)));
}

/** Every position of a geometry, for the autozoom bounds (only in-range pairs count). */
function coordinates(geometry: Geometry): LonLat[] {
  const out: LonLat[] = [];
  const walk = (v: unknown): void => {
    if (!Array.isArray(v)) return;
    if (typeof v[0] === 'number' && typeof v[1] === 'number') {
      if (Math.abs(v[0]) <= 180 && Math.abs(v[1]) <= 90) out.push([v[0], v[1]]);
      return;
    }
    for (const item of v) walk(item);
  };
  if (geometry.type === 'GeometryCollection') for (const g of geometry.geometries) out.push(...coordinates(g));
  else walk(geometry.coordinates);
  return out;
}
