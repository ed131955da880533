/** Query of the deck scatter plot. */
import { getColumnLabel, type QueryContext, type QueryFormColumn, type QueryFormData, type QueryFormMetric } from '@lumen-bi/core';
import { deckQuery } from '../deck-shared/build-query';
import { requireSpatial, spatialColumns } from '../deck-shared/spatial';

/**
 * The size metric when point_radius_fixed is {type: 'metric'}, undefined for a fixed size; an unknown type
 * is a named error.
 *
 * @example
 * radiusMetric({ point_radius_fixed: { type: 'metric', value: 'count' } }); // 'count'
 */
export function radiusMetric(formData: QueryFormData): QueryFormMetric | undefined {
  const radius = formData.point_radius_fixed as { type?: unknown; value?: unknown } | undefined | null;
  if (!radius || radius.type === 'fix') return undefined;
  if (radius.type !== 'metric') throw new Error(`Point Size: unknown type ${JSON.stringify(radius.type)} (fix or metric)`);
  if (radius.value === undefined || radius.value === null || radius.value === '') throw new Error('Point Size: metric cannot be empty');
  return radius.value as QueryFormMetric;
}

/** The category column (dimension), or null. */
export function scatterDimension(formData: QueryFormData): string | null {
  const d = formData.dimension as QueryFormColumn | null | undefined;
  return d ? getColumnLabel(d) : null;
}

/**
 * The spatial columns and the dimension, grouped with the size metric when the size is a metric.
 *
 * @example
 * buildDeckScatterQuery({ datasource: '1__table', viz_type: 'deck_scatter', spatial: { type: 'latlong', lonCol: 'lon', latCol: 'lat' } }).queries[0].columns; // ['lon', 'lat']
 */
export function buildDeckScatterQuery(formData: QueryFormData): QueryContext {
  const spatial = requireSpatial(formData, 'spatial', 'Longitude & Latitude');
  const metric = radiusMetric(formData);
  const dimension = formData.dimension as QueryFormColumn | undefined | null;
  return deckQuery(formData, { spatialColumns: spatialColumns(spatial), columns: dimension ? [dimension] : [], metrics: metric ? [metric] : [] });
}
